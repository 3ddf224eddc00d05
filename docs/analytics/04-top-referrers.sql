-- The 3 most frequent sources of visits in the last 7 whole days (Europe/London); '(direct)' = typed in or bookmarked.
WITH toDate(now(), 'Europe/London') AS end_day
SELECT if(referrer = '', '(direct)', domain(referrer)) AS referrer, uniqExact(event_id) AS visits
FROM handcheck.visits_by_time
WHERE created_at >= toDateTime(end_day - 7, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
GROUP BY referrer
ORDER BY visits DESC, referrer
LIMIT 3
