import { sqlDate, sqlIdentifier, sqlInt, sqlString } from '@handcheck/server-kit';

// The weekly report's queries, and the analysts' docs/analytics/01–04: one text.
// docs/analytics holds them as an analyst runs them (database `handcheck`, the
// window ending at today's midnight in Europe/London); the report runs the
// same text with its database, its zone and its day as literals (ClickHouse
// 18.16 has no query parameters), and a unit test keeps the two equal.
//
// A visit is one row of site_visits: one page load of the site by a browser
// that tracks (see docs/analytics.md), counted on the day of its time, once
// however often it was delivered: every count is the distinct event ids of a
// day, and a figure over several days is the sum of its days. So the email's
// total is the sum of the days it lists, and a count never needs one set of
// every id of the week: seven sets of a day's ids are counted in less than
// half the time (npm run bench:report). Windows are whole calendar days in
// the report's zone: from midnight `end_day - n` to midnight `end_day`,
// exclusive.
//
// Visits are read from visits_by_time, site_visits' copy sorted on
// (created_at, event_id), the event id a UUID, that ingestion's migrations v3
// and v4 keep: site_visits is sorted on the event id alone, so there a window
// is a scan of every visit ever (about 0.7 s at 10 million), here a range of
// the primary key. Redelivered events are counted once with
// uniqExact(event_id), as on site_visits: the copy receives every delivery
// too, and only merges away the ones with the same time, in the background.
// Not FINAL: in the copy, a retry that came back with another time is another
// sort key, which FINAL keeps; it counts once on each day it has a row.

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

/** `created_at` within the `days` whole days before end_day (midnights in the zone). */
const lastDays = (tz: string, days: number) =>
  `created_at >= toDateTime(end_day - ${sqlInt(days)}, ${tz}) AND created_at < toDateTime(end_day, ${tz})`;

export interface ReportQuery {
  /** The file in docs/analytics holding this query. */
  file: string;
  /** Its first line there. */
  title: string;
  sql: (window: WindowLiterals) => string;
}

/** Distinct event ids per day over the `days` days before end_day: the visits of each day (also the dashboard's chart). */
export function dailyVisitsSql(window: WindowLiterals, days: number): string {
  const { db, tz, endDay } = parts(window);
  return `WITH ${endDay} AS end_day
SELECT toDate(created_at, ${tz}) AS day, uniqExact(event_id) AS visits
FROM ${db}.${VISITS}
WHERE ${lastDays(tz, days)}
GROUP BY day
ORDER BY day`;
}

const indent = (sql: string) => sql.replace(/^/gm, '    ');

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

/**
 * The top 3 `alias` of the last 7 whole days: distinct event ids per day and
 * `column` (named `name` there), summed per `shown`, an expression of `name`
 * (the name itself when left out).
 */
function topThree(
  window: WindowLiterals,
  top: { column: string; name: string; alias: string; shown?: string },
): string {
  const { db, tz, endDay } = parts(window);
  const { column, name, alias, shown } = top;
  return `SELECT ${shown === undefined ? alias : `${shown} AS ${alias}`}, sum(on_day) AS visits
FROM
(
    WITH ${endDay} AS end_day
    SELECT toDate(created_at, ${tz}) AS day, ${column} AS ${name}, uniqExact(event_id) AS on_day
    FROM ${db}.${VISITS}
    WHERE ${lastDays(tz, 7)}
    GROUP BY day, ${name}
)
GROUP BY ${alias}
ORDER BY visits DESC, ${alias}
LIMIT 3`;
}

export const TOP_PAGES: ReportQuery = {
  file: '03-top-pages.sql',
  title:
    'The 3 most visited pages in the last 7 whole days (Europe/London), as the weekly email shows them.',
  sql: (window) => topThree(window, { column: 'page_path', name: 'page', alias: 'page' }),
};

export const TOP_REFERRERS: ReportQuery = {
  file: '04-top-referrers.sql',
  title:
    "The 3 most frequent sources of visits in the last 7 whole days (Europe/London); '(direct)' = typed in or bookmarked.",
  // The domain of each distinct referrer of a day, not of every visit: far fewer calls.
  sql: (window) =>
    topThree(window, {
      column: 'referrer',
      name: 'link',
      alias: 'referrer',
      shown: "if(link = '', '(direct)', domain(link))",
    }),
};

/** docs/analytics 01–04. */
export const WEEKLY_QUERIES = [WEEKLY_VISITS, DAILY_BREAKDOWN, TOP_PAGES, TOP_REFERRERS] as const;

/**
 * What the report runs, in parallel: 01 is not among them, because its sums
 * are of 02's rows, which the report adds itself (weekly-stats.ts); the
 * weekly report's integration test checks that both give the same figures.
 */
export const REPORT_QUERIES = [DAILY_BREAKDOWN, TOP_PAGES, TOP_REFERRERS] as const;

/** A query as its docs/analytics file holds it. */
export function docsFileText(query: ReportQuery): string {
  return `-- ${query.title}\n${query.sql(DOCS_WINDOW)}\n`;
}

// The dashboard's other charts (not in the docs: the docs' 05 and 06 are their 14-day analyst versions).

export function funnelSql(window: WindowLiterals, days: number): string {
  const { db, tz, endDay } = parts(window);
  const step = (n: number) =>
    `    uniqExactIf(session_id, event_type = 'symptom_checker_step_completed' AND step_number = ${n}) AS step_${n},`;
  return `WITH ${endDay} AS end_day
SELECT
    uniqExactIf(session_id, event_type = 'symptom_checker_started') AS started,
${[1, 2, 3, 4, 5, 6].map(step).join('\n')}
    uniqExactIf(session_id, event_type = 'symptom_checker_completed') AS completed
FROM ${db}.analytics_events
WHERE ${lastDays(tz, days)}`;
}

export function topConditionsSql(window: WindowLiterals, days: number, limit: number): string {
  const { db, tz, endDay } = parts(window);
  return `WITH ${endDay} AS end_day
SELECT top_condition AS condition, uniqExact(event_id) AS completions
FROM ${db}.symptom_checker_completions
WHERE ${lastDays(tz, days)} AND top_condition != ''
GROUP BY condition
ORDER BY completions DESC, condition
LIMIT ${sqlInt(limit)}`;
}
