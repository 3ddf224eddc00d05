-- Sessions reaching each point of the questionnaire, last 14 days.
SELECT
    uniqExactIf(session_id, event_type = 'symptom_checker_started') AS started,
    uniqExactIf(session_id, event_type = 'symptom_checker_step_completed' AND step_number = 1) AS step_1,
    uniqExactIf(session_id, event_type = 'symptom_checker_step_completed' AND step_number = 2) AS step_2,
    uniqExactIf(session_id, event_type = 'symptom_checker_step_completed' AND step_number = 3) AS step_3,
    uniqExactIf(session_id, event_type = 'symptom_checker_step_completed' AND step_number = 4) AS step_4,
    uniqExactIf(session_id, event_type = 'symptom_checker_step_completed' AND step_number = 5) AS step_5,
    uniqExactIf(session_id, event_type = 'symptom_checker_step_completed' AND step_number = 6) AS step_6,
    uniqExactIf(session_id, event_type = 'symptom_checker_completed') AS completed,
    round(completed * 100 / started, 1) AS completion_percent
FROM handcheck.analytics_events FINAL
WHERE created_at >= now() - 14 * 86400
