-- The 3 most frequent sources of visits in the last 7 whole days (Europe/London), the sums of their days; '(direct)' = typed in or bookmarked.
SELECT referrer, sum(visits) AS visits
FROM
(
    SELECT first_day AS day, page, if(link = '', '(direct)', domain(link)) AS referrer, count() AS visits
    FROM
    (
        WITH toDate(now(), 'Europe/London') AS end_day
        SELECT event_id, toDate(min(created_at), 'Europe/London') AS first_day, argMin(page_path, (created_at, page_path)) AS page, argMin(referrer, (created_at, referrer)) AS link
        FROM handcheck.visits_by_time
        WHERE created_at >= toDateTime(end_day - 14, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
        GROUP BY event_id
        HAVING first_day >= end_day - 7
    )
    GROUP BY day, page, referrer
    ORDER BY day, page, referrer
)
GROUP BY referrer
ORDER BY visits DESC, referrer
LIMIT 3
