-- Sessions that saw a single page.
SELECT count() AS sessions, sum(bounced) AS bounced_sessions, round(avg(bounced) * 100, 1) AS bounce_percent
FROM handcheck.user_sessions
WHERE created_at >= now() - 14 * 86400
