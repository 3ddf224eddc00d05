-- Visits in the last 7 days against the 7 days before, and the growth in percent (one decimal).
SELECT
    countIf(created_at >= now() - 7 * 86400) AS this_week,
    countIf(created_at < now() - 7 * 86400) AS previous_week,
    if(previous_week = 0, NULL, round((this_week - previous_week) * 100 / previous_week, 1)) AS growth_percent
FROM handcheck.site_visits FINAL
WHERE created_at >= now() - 14 * 86400
