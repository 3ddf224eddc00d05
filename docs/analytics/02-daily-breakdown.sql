-- Visits per day over the last 14 whole days (Europe/London): the last 7 are the week the email reports, the 7 before the previous week; a day without visits has no row.
WITH toDate(now(), 'Europe/London') AS end_day
SELECT toDate(created_at, 'Europe/London') AS day, uniqExact(event_id) AS visits
FROM handcheck.visits_by_time
WHERE created_at >= toDateTime(end_day - 14, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
GROUP BY day
ORDER BY day
