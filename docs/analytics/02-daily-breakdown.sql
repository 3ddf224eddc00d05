-- Visits per day over the last 7 days.
SELECT toDate(created_at) AS day, count() AS visits
FROM handcheck.site_visits FINAL
WHERE created_at >= now() - 7 * 86400
GROUP BY day
ORDER BY day
