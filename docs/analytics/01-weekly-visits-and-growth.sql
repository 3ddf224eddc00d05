-- Visits in the last 7 whole days (Europe/London) against the 7 days before, and the growth in percent (one decimal; NULL when the week before had none): the sums of 02's days.
WITH toDate(now(), 'Europe/London') AS end_day
SELECT
    sumIf(visits, day >= end_day - 7) AS this_week,
    sumIf(visits, day < end_day - 7) AS previous_week,
    if(previous_week = 0, NULL, round((toInt64(this_week) - toInt64(previous_week)) * 100 / previous_week, 1)) AS growth_percent
FROM
(
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
)
