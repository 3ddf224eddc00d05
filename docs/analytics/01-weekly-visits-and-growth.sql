-- Visits in the last 7 whole days (Europe/London) against the 7 days before, and the growth in percent (one decimal; NULL when the week before had none).
WITH toDate(now(), 'Europe/London') AS end_day
SELECT
    uniqExactIf(event_id, created_at >= toDateTime(end_day - 7, 'Europe/London')) AS this_week,
    uniqExactIf(event_id, created_at < toDateTime(end_day - 7, 'Europe/London')) AS previous_week,
    if(previous_week = 0, NULL, round((toInt64(this_week) - toInt64(previous_week)) * 100 / previous_week, 1)) AS growth_percent
FROM handcheck.visits_by_time
WHERE created_at >= toDateTime(end_day - 14, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
