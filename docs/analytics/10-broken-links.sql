-- Addresses that showed the 404 page, most frequent first, with one referring page (the first in alphabetical order, so every ClickHouse version shows the same).
SELECT requested_path, count() AS hits, min(referrer) AS example_referrer
FROM handcheck.broken_links FINAL
WHERE created_at >= now() - 14 * 86400
GROUP BY requested_path
ORDER BY hits DESC, requested_path
