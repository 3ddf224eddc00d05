-- Visits per day over the last 14 whole days (Europe/London): the last 7 are the week the email reports, the 7 before the previous week; a day without visits has no row.
SELECT toDate(first_at, 'Europe/London') AS day, count() AS visits
FROM
(
    WITH toDate(now(), 'Europe/London') AS end_day
    SELECT event_id, min(created_at) AS first_at
    FROM handcheck.visits_by_time
    WHERE created_at >= toDateTime(end_day - 14, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
    GROUP BY event_id
)
GROUP BY day
ORDER BY day
