-- The 3 most visited pages in the last 7 whole days (Europe/London), as the weekly email shows them: the sums of their days.
SELECT page, sum(visits) AS visits
FROM
(
    SELECT first_day AS day, page, count() AS visits
    FROM
    (
        WITH toDate(now(), 'Europe/London') AS end_day
        SELECT event_id, min(day) AS first_day, argMin(page, day) AS page
        FROM
        (
            WITH toDate(now(), 'Europe/London') AS end_day
            SELECT event_id, toDate(created_at, 'Europe/London') AS day, min(page_path) AS page
            FROM handcheck.visits_by_time
            WHERE created_at >= toDateTime(end_day - 14, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
            GROUP BY event_id, day
        )
        GROUP BY event_id
        HAVING first_day >= end_day - 7
    )
    GROUP BY day, page
    ORDER BY day, page
)
GROUP BY page
ORDER BY visits DESC, page
LIMIT 3
