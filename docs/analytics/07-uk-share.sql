-- Share of sessions from the UK (country from the gateway's offline IP lookup; no IP is stored).
SELECT count() AS sessions, sum(is_uk_user) AS uk_sessions, round(avg(is_uk_user) * 100, 1) AS uk_percent
FROM handcheck.user_sessions
WHERE created_at >= now() - 14 * 86400
