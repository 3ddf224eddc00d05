-- The 3 most visited pages in the last 7 whole days (Europe/London), as the weekly email shows them.
SELECT page, sum(on_day) AS visits
FROM
(
    WITH toDate(now(), 'Europe/London') AS end_day
    SELECT toDate(created_at, 'Europe/London') AS day, page_path AS page, uniqExact(event_id) AS on_day
    FROM handcheck.visits_by_time
    WHERE created_at >= toDateTime(end_day - 7, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
    GROUP BY day, page
)
GROUP BY page
ORDER BY visits DESC, page
LIMIT 3
