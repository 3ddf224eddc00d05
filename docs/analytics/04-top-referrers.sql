-- Where visitors came from in the last 7 days ('' = typed in or bookmarked).
SELECT if(referrer = '', '(direct)', domain(referrer)) AS source, count() AS visits
FROM handcheck.site_visits FINAL
WHERE created_at >= now() - 7 * 86400
GROUP BY source
ORDER BY visits DESC, source
LIMIT 5
