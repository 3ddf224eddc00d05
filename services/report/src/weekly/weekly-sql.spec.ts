import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '@handcheck/server-kit/testing';
import {
  DOCS_QUERIES,
  DOCS_WINDOW,
  FUNNEL_EVENT_IDS,
  FUNNEL_REACHED,
  QUESTIONNAIRE_FUNNEL,
  WEEKLY_VISITS,
  docsFileText,
  funnelSql,
  topConditionsSql,
} from './weekly-sql';

describe('weekly report SQL', () => {
  it.each(DOCS_QUERIES.map((q) => [q.file, q] as const))(
    'docs/analytics/%s is the query the report or the dashboard runs',
    (file, query) => {
      expect(readFileSync(join(REPO_ROOT, 'docs/analytics', file), 'utf8')).toBe(
        docsFileText(query),
      );
    },
  );

  it.each(DOCS_QUERIES.map((q) => [q.file, q] as const))(
    'docs/analytics.md shows %s as the file holds it',
    (_file, query) => {
      const markdown = readFileSync(join(REPO_ROOT, 'docs/analytics.md'), 'utf8');
      expect(markdown).toContain(
        `\`${query.file}\`\n\n\`\`\`sql\n${query.sql(DOCS_WINDOW)}\n\`\`\``,
      );
    },
  );

  it('puts the database, zone and day in as checked literals', () => {
    const sql = WEEKLY_VISITS.sql({
      database: 'hc_x',
      timeZone: 'America/New_York',
      endDay: '2026-11-23',
    });
    expect(sql).toContain("WITH toDate('2026-11-23') AS end_day");
    // Every delivery before the window's end of the ids its 14 days hold, each id on its first day.
    expect(sql).toContain("toDateTime(end_day - 14, 'America/New_York')");
    expect(sql).toContain(
      "WHERE created_at < toDateTime(end_day, 'America/New_York') AND event_id GLOBAL IN",
    );
    expect(sql).toContain('HAVING first_day >= end_day - 14');
    expect(sql).toContain('FROM hc_x.visits_by_time\n');
    expect(sql).not.toContain('now()');
  });

  it('escapes the zone and refuses a bad database or day', () => {
    expect(WEEKLY_VISITS.sql({ database: 'd', timeZone: "x'); DROP" })).toContain("'x\\'); DROP'");
    expect(() => WEEKLY_VISITS.sql({ database: 'd; DROP', timeZone: 'UTC' })).toThrow(TypeError);
    expect(() =>
      WEEKLY_VISITS.sql({ database: 'd', timeZone: 'UTC', endDay: "2026-11-23') OR (1" }),
    ).toThrow(TypeError);
  });

  it('the docs read today in London from the server clock', () => {
    expect(docsFileText(WEEKLY_VISITS)).toContain("WITH toDate(now(), 'Europe/London') AS end_day");
  });

  it('builds the dashboard queries over n days', () => {
    const window = { database: 'd', timeZone: 'UTC', endDay: '2026-11-23' };
    expect(funnelSql(window, 28)).toContain("toDateTime(end_day - 28, 'UTC')");
    expect(funnelSql(window, 28)).toContain('countIf(reached >= 7) AS step_6');
    expect(topConditionsSql(window, 28, 5)).toMatch(/LIMIT 5$/);
    expect(() => topConditionsSql(window, 28, 1.5)).toThrow(TypeError);
  });
});

describe('the funnel has the emergency check as its own stage, between started and step 1', () => {
  const window = { database: 'd', timeZone: 'UTC', endDay: '2026-11-23' };
  const stages = (sql: string) =>
    [...sql.matchAll(/(count\(\)|countIf\(reached >= (\d)\)) AS (\w+)/g)].map(
      ([, , n, name]) => `${name}:${n ?? 0}`,
    );
  const order = [
    'started:0',
    'emergency_check:1',
    'step_1:2',
    'step_2:3',
    'step_3:4',
    'step_4:5',
    'step_5:6',
    'step_6:7',
    'completed:8',
  ];

  it('in the dashboard query and in docs/analytics/05-questionnaire-funnel.sql alike', () => {
    const docs = readFileSync(
      join(REPO_ROOT, 'docs/analytics/05-questionnaire-funnel.sql'),
      'utf8',
    );
    for (const sql of [funnelSql(window, 28), docs]) {
      expect(stages(sql)).toEqual(order);
      expect(sql).toContain(`max(${FUNNEL_REACHED}) AS stage`);
      expect(sql).toContain("'emergency_check_completed'");
    }
  });
});

describe('the funnel counts each event id in one session', () => {
  const window = { database: 'd', timeZone: 'UTC', endDay: '2026-11-23' };
  /** The statement's inner SELECT and GROUP BY lines, in order. */
  const levels = (sql: string) =>
    [...sql.matchAll(/^\s*(SELECT \S[^\n]*|GROUP BY \w+)$/gm)].map(([, line]) => line!);

  it.each([
    ['the dashboard', funnelSql(window, 28)],
    ['docs/analytics/05', QUESTIONNAIRE_FUNNEL.sql({ database: 'handcheck', timeZone: 'UTC' })],
  ])(
    '%s folds the rows to one per event id, under its smallest session, before it counts sessions',
    (_name, sql) => {
      // The level per session reads the level per event id, which groups the rows first.
      expect(levels(sql)).toEqual([
        'SELECT session, max(stage) AS reached',
        FUNNEL_EVENT_IDS,
        'GROUP BY event_id',
        'GROUP BY session',
      ]);
      expect(FUNNEL_EVENT_IDS).toContain('min(session_id) AS session');
      // Another name than the column's: a ClickHouse alias stands for its expression wherever
      // its name appears in the query, the column's own uses included.
      expect(sql).not.toMatch(/AS session_id\b/);
    },
  );

  it('the analysts read the last 14 × 24 hours up to now, with the completion rate', () => {
    const sql = docsFileText(QUESTIONNAIRE_FUNNEL);
    expect(sql).toContain('FROM handcheck.analytics_events\n');
    expect(sql).toContain('WHERE created_at >= now() - 14 * 86400 AND event_type IN (');
    expect(sql).toContain('round(completed * 100 / started, 1) AS completion_percent');
    expect(sql).not.toContain('end_day');
  });
});
