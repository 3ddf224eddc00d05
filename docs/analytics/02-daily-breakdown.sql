-- Visits per day over the last 14 whole days (Europe/London): the last 7 are the week the email reports, the 7 before the previous week; a day without visits has no row.
SELECT first_day AS day, count() AS visits
FROM
(
    WITH toDate(now(), 'Europe/London') AS end_day
    SELECT event_id, toDate(min(created_at), 'Europe/London') AS first_day
    FROM handcheck.visits_by_time
    WHERE created_at < toDateTime(end_day, 'Europe/London') AND event_id GLOBAL IN
    (
        WITH toDate(now(), 'Europe/London') AS end_day
        SELECT event_id
        FROM handcheck.visits_by_time
        WHERE created_at >= toDateTime(end_day - 14, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
    )
    GROUP BY event_id
    HAVING first_day >= end_day - 14
)
GROUP BY day
ORDER BY day
