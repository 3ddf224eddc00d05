-- The 3 most frequent sources of visits in the last 7 whole days (Europe/London), each visit under the referrer of its first delivery; '(direct)' = typed in or bookmarked.
SELECT if(link = '', '(direct)', domain(link)) AS referrer, count() AS visits
FROM
(
    WITH toDate(now(), 'Europe/London') AS end_day
    SELECT event_id, toDate(min(created_at), 'Europe/London') AS first_day, min(concat(toString(created_at), page_path, '\0', referrer)) AS first, substring(first, 20, position(first, '\0') - 20) AS page, substring(first, position(first, '\0') + 1) AS link
    FROM handcheck.visits_by_time
    WHERE created_at < toDateTime(end_day, 'Europe/London') AND event_id GLOBAL IN
    (
        WITH toDate(now(), 'Europe/London') AS end_day
        SELECT event_id
        FROM handcheck.visits_by_time
        WHERE created_at >= toDateTime(end_day - 7, 'Europe/London') AND created_at < toDateTime(end_day, 'Europe/London')
    )
    GROUP BY event_id
    HAVING first_day >= end_day - 7
)
GROUP BY referrer
ORDER BY visits DESC, referrer
LIMIT 3
