-- The 3 most frequent sources of visits in the last 7 whole days (Europe/London); '(direct)' = typed in or bookmarked.
SELECT if(link = '', '(direct)', domain(link)) AS referrer, count() AS visits
FROM
(
    WITH toDate(now(), 'Europe/London') AS end_day
    SELECT event_id, min(referrer) AS link
    FROM handcheck.visits_by_time
    WHERE created_at >= toDateTime(end_day - 7, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
    GROUP BY event_id
)
GROUP BY referrer
ORDER BY visits DESC, referrer
LIMIT 3
