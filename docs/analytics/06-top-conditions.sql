-- Most frequent top result of finished questionnaires, with its average match.
SELECT top_condition, count() AS completions, round(avg(condition_confidence), 1) AS avg_confidence
FROM handcheck.symptom_checker_completions FINAL
WHERE created_at >= now() - 14 * 86400 AND top_condition != ''
GROUP BY top_condition
ORDER BY completions DESC, top_condition
LIMIT 5
