-- Median and 90th percentile session length, in seconds, of sessions that reported one.
SELECT
    quantileExact(0.5)(session_duration_seconds) AS median_seconds,
    quantileExact(0.9)(session_duration_seconds) AS p90_seconds,
    count() AS sessions
FROM handcheck.user_sessions
WHERE created_at >= now() - 14 * 86400 AND session_duration_seconds > 0
