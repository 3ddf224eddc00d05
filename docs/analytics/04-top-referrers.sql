-- The 3 most frequent sources of visits in the last 7 whole days (Europe/London); '(direct)' = typed in or bookmarked.
SELECT if(link = '', '(direct)', domain(link)) AS referrer, sum(on_day) AS visits
FROM
(
    WITH toDate(now(), 'Europe/London') AS end_day
    SELECT toDate(created_at, 'Europe/London') AS day, referrer AS link, uniqExact(event_id) AS on_day
    FROM handcheck.visits_by_time
    WHERE created_at >= toDateTime(end_day - 7, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
    GROUP BY day, link
)
GROUP BY referrer
ORDER BY visits DESC, referrer
LIMIT 3
