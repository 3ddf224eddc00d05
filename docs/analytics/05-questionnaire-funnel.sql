-- Sessions by the furthest point of the questionnaire they reached (started, the emergency check, steps 1 to 6, completed), last 14 days: a session counts in every stage up to it, so each stage is at most the one before; an event id sent under several sessions counts in the smallest of them only.
SELECT
    count() AS started,
    countIf(reached >= 1) AS emergency_check,
    countIf(reached >= 2) AS step_1,
    countIf(reached >= 3) AS step_2,
    countIf(reached >= 4) AS step_3,
    countIf(reached >= 5) AS step_4,
    countIf(reached >= 6) AS step_5,
    countIf(reached >= 7) AS step_6,
    countIf(reached >= 8) AS completed,
    round(completed * 100 / started, 1) AS completion_percent
FROM
(
    SELECT session, max(stage) AS reached
    FROM
    (
        SELECT event_id, min(session_id) AS session, max(multiIf(event_type = 'symptom_checker_completed', 8, event_type = 'symptom_checker_step_completed' AND ifNull(step_number, 0) > 0, ifNull(step_number, 0) + 1, event_type = 'emergency_check_completed', 1, 0)) AS stage
        FROM handcheck.analytics_events
        WHERE created_at >= now() - 14 * 86400 AND event_type IN ('symptom_checker_started', 'emergency_check_completed', 'symptom_checker_step_completed', 'symptom_checker_completed')
        GROUP BY event_id
    )
    GROUP BY session
)
