-- Most viewed pages in the last 7 days (the weekly email shows the top 3).
SELECT page_path, count() AS views
FROM handcheck.analytics_events FINAL
WHERE event_type = 'page_view' AND created_at >= now() - 7 * 86400
GROUP BY page_path
ORDER BY views DESC, page_path
LIMIT 5
