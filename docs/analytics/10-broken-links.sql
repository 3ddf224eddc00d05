-- Addresses that showed the 404 page, most frequent first, with a referring page.
SELECT requested_path, count() AS hits, anyIf(referrer, isNotNull(referrer)) AS example_referrer
FROM handcheck.broken_links FINAL
WHERE created_at >= now() - 14 * 86400
GROUP BY requested_path
ORDER BY hits DESC, requested_path
