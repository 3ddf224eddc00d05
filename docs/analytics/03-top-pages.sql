-- The 3 most visited pages in the last 7 whole days (Europe/London), as the weekly email shows them.
SELECT page, count() AS visits
FROM
(
    WITH toDate(now(), 'Europe/London') AS end_day
    SELECT event_id, min(page_path) AS page
    FROM handcheck.visits_by_time
    WHERE created_at >= toDateTime(end_day - 7, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
    GROUP BY event_id
)
GROUP BY page
ORDER BY visits DESC, page
LIMIT 3
