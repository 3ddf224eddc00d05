// The weekly report's queries, and the analysts' docs/analytics/01–04: one text
// (05, the dashboard's funnel, is below).
// docs/analytics holds them as an analyst runs them (database `handcheck`, the
// window ending at today's midnight in Europe/London); the report runs the
// same text with its database, its zone and its day as literals (ClickHouse
// 18.16 has no query parameters), and a unit test keeps the two equal.
//
// A visit is one event id of site_visits, placed at its earliest delivery:
// the smallest created_at, ties broken by the smallest path, then referrer.
// So it counts in one day, one week, one page and one referrer, whatever a
// redelivery carried: a week is the sum of its days, and two weeks never share
// a visit. Windows are whole calendar days in the report's zone, from midnight
// `end_day - n` to midnight `end_day`, exclusive.
//
// Visits are read from visits_by_time, site_visits' copy sorted on
// (created_at, event_id), the event id a UUID, that ingestion's migrations v3
// and v4 keep: the window is a range of the primary key. Its ids' earlier
// deliveries, which may be any age, cost one read of the event_id column
// before it (npm run bench:report). The copy receives every delivery and only
// merges away the ones with the same time, hence the grouping by id.
import { sqlDate, sqlIdentifier, sqlInt, sqlString } from '@handcheck/server-kit';

export interface WindowLiterals {
  /** The analytics database. */
  database: string;
  /** IANA zone the days are counted in. */
  timeZone: string;
  /** The first day not reported (the run's local date); absent: today in timeZone, as in the docs. */
  endDay?: string;
}

/** How the docs' files are written. */
export const DOCS_WINDOW: WindowLiterals = { database: 'handcheck', timeZone: 'Europe/London' };

interface Parts {
  db: string;
  tz: string;
  endDay: string;
}

function parts(window: WindowLiterals): Parts {
  const tz = sqlString(window.timeZone);
  return {
    db: sqlIdentifier(window.database),
    tz,
    endDay: window.endDay === undefined ? `toDate(now(), ${tz})` : sqlDate(window.endDay),
  };
}

/** site_visits sorted on the time, event ids as UUIDs (ingestion's migrations v3, v4): a window reads only its own rows. */
const VISITS = 'visits_by_time';

/** `column` within the `days` whole days before end_day (midnights in the zone). */
const lastDays = (tz: string, days: number, column = 'created_at') =>
  `${column} >= toDateTime(end_day - ${sqlInt(days)}, ${tz}) AND ${column} < toDateTime(end_day, ${tz})`;

export interface ReportQuery {
  /** The file in docs/analytics holding this query. */
  file: string;
  /** Its first line there. */
  title: string;
  sql: (window: WindowLiterals) => string;
}

const indent = (sql: string) => sql.replace(/^/gm, '    ');

/**
 * An id's earliest delivery as one text that sorts as (created_at, page_path,
 * referrer) do: the time is fixed-width, and stored text never holds a NUL.
 * A min over tuples says the same, but 18.16 takes three times as long over it.
 */
const FIRST_DELIVERY = `min(concat(toString(created_at), page_path, '\\0', referrer)) AS first, substring(first, 20, position(first, '\\0') - 20) AS page, substring(first, position(first, '\\0') + 1) AS link`;

/**
 * One row per event id first delivered in the `days` days before end_day: its
 * `first_day`, and with `place`, the `page` and `link` (referrer) of that delivery.
 * The rows read are every delivery up to end_day of the ids the window holds.
 * GLOBAL: on a cluster the ids are found once and sent to each shard (a plain IN
 * over two Distributed tables is refused); on one server it is a plain IN.
 */
function visitsById(parts: Parts, days: number, place: boolean): string {
  const { db, tz, endDay } = parts;
  return `WITH ${endDay} AS end_day
SELECT event_id, toDate(min(created_at), ${tz}) AS first_day${place ? `, ${FIRST_DELIVERY}` : ''}
FROM ${db}.${VISITS}
WHERE created_at < toDateTime(end_day, ${tz}) AND event_id GLOBAL IN
(
    WITH ${endDay} AS end_day
    SELECT event_id
    FROM ${db}.${VISITS}
    WHERE ${lastDays(tz, days)}
)
GROUP BY event_id
HAVING first_day >= end_day - ${sqlInt(days)}`;
}

/** Visits per day over the `days` days before end_day (also the dashboard's chart). */
export function dailyVisitsSql(window: WindowLiterals, days: number): string {
  return `SELECT first_day AS day, count() AS visits
FROM
(
${indent(visitsById(parts(window), days, false))}
)
GROUP BY day
ORDER BY day`;
}

export const DAILY_BREAKDOWN: ReportQuery = {
  file: '02-daily-breakdown.sql',
  title:
    'Visits per day over the last 14 whole days (Europe/London): the last 7 are the week the email reports, the 7 before the previous week; a day without visits has no row.',
  sql: (window) => dailyVisitsSql(window, 14),
};

export const WEEKLY_VISITS: ReportQuery = {
  file: '01-weekly-visits-and-growth.sql',
  title:
    "Visits in the last 7 whole days (Europe/London) against the 7 days before, and the growth in percent (one decimal; NULL when the week before had none): the sums of 02's days.",
  sql: (window) => {
    const { endDay } = parts(window);
    return `WITH ${endDay} AS end_day
SELECT
    sumIf(visits, day >= end_day - 7) AS this_week,
    sumIf(visits, day < end_day - 7) AS previous_week,
    if(previous_week = 0, NULL, round((toInt64(this_week) - toInt64(previous_week)) * 100 / previous_week, 1)) AS growth_percent
FROM
(
${indent(DAILY_BREAKDOWN.sql(window))}
)`;
  },
};

/** The top 3 pages or referrers (as shown: the host, or '(direct)') of the last 7 whole days. */
function topThree(window: WindowLiterals, name: 'page' | 'referrer'): string {
  const shown = name === 'page' ? 'page' : "if(link = '', '(direct)', domain(link)) AS referrer";
  return `SELECT ${shown}, count() AS visits
FROM
(
${indent(visitsById(parts(window), 7, true))}
)
GROUP BY ${name}
ORDER BY visits DESC, ${name}
LIMIT 3`;
}

export const TOP_PAGES: ReportQuery = {
  file: '03-top-pages.sql',
  title:
    'The 3 most visited pages in the last 7 whole days (Europe/London), as the weekly email shows them: each visit under the path of its first delivery.',
  sql: (window) => topThree(window, 'page'),
};

export const TOP_REFERRERS: ReportQuery = {
  file: '04-top-referrers.sql',
  title:
    "The 3 most frequent sources of visits in the last 7 whole days (Europe/London), each visit under the referrer of its first delivery; '(direct)' = typed in or bookmarked.",
  sql: (window) => topThree(window, 'referrer'),
};

/** docs/analytics 01–04. */
export const WEEKLY_QUERIES = [WEEKLY_VISITS, DAILY_BREAKDOWN, TOP_PAGES, TOP_REFERRERS] as const;

/** A query as its docs/analytics file holds it. */
export function docsFileText(query: ReportQuery): string {
  return `-- ${query.title}\n${query.sql(DOCS_WINDOW)}\n`;
}

// The dashboard's other charts. docs/analytics/05 is the funnel's text over the analysts'
// window; 06, the top conditions' analyst version, is written by hand (its columns differ).

/** The checker events the funnel reads, in funnel order. */
const FUNNEL_EVENT_TYPES = [
  'symptom_checker_started',
  'emergency_check_completed',
  'symptom_checker_step_completed',
  'symptom_checker_completed',
]
  .map((type) => `'${type}'`)
  .join(', ');

/**
 * How far one event takes its session: started 0, the emergency check 1, step n
 * n + 1 (a step event without a step number counts as started), completed 8.
 */
export const FUNNEL_REACHED =
  "multiIf(event_type = 'symptom_checker_completed', 8, event_type = 'symptom_checker_step_completed' AND ifNull(step_number, 0) > 0, ifNull(step_number, 0) + 1, event_type = 'emergency_check_completed', 1, 0)";

/**
 * One row per event id of the funnel's events: the session it belongs to, the smallest
 * session_id it came with, and how far it goes, the furthest any of its deliveries claims.
 * analytics_events is keyed on the event id alone, so a merge keeps one delivery of an id
 * sent under two sessions, but until then both are rows: grouping on the session straight
 * away would count the id in each.
 */
export const FUNNEL_EVENT_IDS = `SELECT event_id, min(session_id) AS session, max(${FUNNEL_REACHED}) AS stage`;

/**
 * The funnel's figures over the rows of analytics_events in `db` that `where` (a condition
 * on created_at) keeps, `endDay` bound as end_day when given; `extra` columns after them.
 */
function funnelOf(db: string, where: string, endDay?: string, extra: string[] = []): string {
  const step = (n: number) => `    countIf(reached >= ${n + 1}) AS step_${n},`;
  const columns = ['    countIf(reached >= 8) AS completed', ...extra.map((c) => `    ${c}`)];
  return `SELECT
    count() AS started,
    countIf(reached >= 1) AS emergency_check,
${[1, 2, 3, 4, 5, 6].map(step).join('\n')}
${columns.join(',\n')}
FROM
(
    SELECT session, max(stage) AS reached
    FROM
    (
${endDay === undefined ? '' : `        WITH ${endDay} AS end_day\n`}        ${FUNNEL_EVENT_IDS}
        FROM ${db}.analytics_events
        WHERE ${where} AND event_type IN (${FUNNEL_EVENT_TYPES})
        GROUP BY event_id
    )
    GROUP BY session
)`;
}

/**
 * The questionnaire funnel counts sessions, not events: each session once, at the
 * furthest point it reached in the window (started 0, the emergency check 1, step n as
 * n + 1, completed 8), and in every stage up to that point, so each stage is at most the
 * one before (a session whose earlier events fell before the window, or were lost, still
 * counts as having passed them). Each event id counts in one session only (FUNNEL_EVENT_IDS).
 */
export function funnelSql(window: WindowLiterals, days: number): string {
  const { db, tz, endDay } = parts(window);
  return funnelOf(db, lastDays(tz, days), endDay);
}

/** docs/analytics/05: the dashboard's funnel as an analyst runs it. */
export const QUESTIONNAIRE_FUNNEL: ReportQuery = {
  file: '05-questionnaire-funnel.sql',
  title:
    'Sessions by the furthest point of the questionnaire they reached (started, the emergency check, steps 1 to 6, completed), last 14 days: a session counts in every stage up to it, so each stage is at most the one before; an event id sent under several sessions counts in the smallest of them only.',
  // The analysts' window is the last 14 × 24 hours, up to the moment it runs.
  sql: (window) =>
    funnelOf(sqlIdentifier(window.database), 'created_at >= now() - 14 * 86400', undefined, [
      'round(completed * 100 / started, 1) AS completion_percent',
    ]),
};

/** The docs/analytics files written from the code: 01–05. */
export const DOCS_QUERIES = [...WEEKLY_QUERIES, QUESTIONNAIRE_FUNNEL] as const;

/** Completions per top condition: each event id once, under the smallest condition it came with. */
export function topConditionsSql(window: WindowLiterals, days: number, limit: number): string {
  const { db, tz, endDay } = parts(window);
  return `SELECT condition, count() AS completions
FROM
(
    WITH ${endDay} AS end_day
    SELECT event_id, min(top_condition) AS condition
    FROM ${db}.symptom_checker_completions
    WHERE ${lastDays(tz, days)}
    GROUP BY event_id
)
WHERE condition != ''
GROUP BY condition
ORDER BY completions DESC, condition
LIMIT ${sqlInt(limit)}`;
}
