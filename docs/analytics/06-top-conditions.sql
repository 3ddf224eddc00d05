-- Most frequent top result of finished questionnaires, with its average match: each completion (event id) once, however often it was delivered.
SELECT condition AS top_condition, count() AS completions, round(avg(confidence), 1) AS avg_confidence
FROM
(
    SELECT event_id, min(top_condition) AS condition, min(condition_confidence) AS confidence
    FROM handcheck.symptom_checker_completions
    WHERE created_at >= now() - 14 * 86400
    GROUP BY event_id
)
WHERE condition != ''
GROUP BY condition
ORDER BY completions DESC, condition
LIMIT 5
