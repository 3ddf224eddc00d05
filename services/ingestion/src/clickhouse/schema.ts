import { type Migration } from '@handcheck/server-kit';

// The spec's five analytics tables. Every raw table is a ReplacingMergeTree
// keyed on the event id alone (since v2, below), so a redelivered Kafka batch never double counts once
// merged, and queries with FINAL (or uniqExact(event_id)) are exact at once.
// site_visits_by_time (v3) is site_visits sorted on the time, for the weekly report.
// user_sessions is a view folding the per-event session facts into one current
// row per session. All of it runs on ClickHouse 18.16 and on current versions:
// no TTL, no CODEC, no LowCardinality, no query parameters.

const v1: Migration = {
  version: 1,
  name: 'analytics tables',
  statements: [
    `CREATE TABLE IF NOT EXISTS {db}.analytics_events (
      event_id String,
      session_id String,
      event_type String,
      page_path String,
      step_number Nullable(UInt8),
      top_condition Nullable(String),
      diagnosis_confidence Nullable(UInt8),
      event_data String,
      user_agent String,
      created_at DateTime('UTC'),
      received_at DateTime('UTC')
    ) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(created_at)
    ORDER BY (event_type, created_at, event_id)`,

    `CREATE TABLE IF NOT EXISTS {db}.session_facts (
      event_id String,
      session_id String,
      fact String,
      user_agent String,
      landing_page String,
      referrer String,
      country String,
      city String,
      is_uk_user UInt8,
      page_views UInt8,
      duration_seconds UInt32,
      at DateTime('UTC')
    ) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(at)
    ORDER BY (session_id, event_id)`,

    `CREATE VIEW IF NOT EXISTS {db}.user_sessions AS
    SELECT
      session_id,
      anyIf(user_agent, fact = 'session_start') AS user_agent,
      CAST(NULL, 'Nullable(String)') AS ip_address,
      anyIf(landing_page, fact = 'session_start') AS landing_page,
      anyIf(referrer, fact = 'session_start') AS referrer,
      anyIf(country, fact = 'session_start') AS country,
      anyIf(city, fact = 'session_start') AS city,
      maxIf(is_uk_user, fact = 'session_start') AS is_uk_user,
      sum(page_views) AS total_page_views,
      total_page_views <= 1 AS bounced,
      max(duration_seconds) AS session_duration_seconds,
      min(at) AS created_at,
      max(at) AS updated_at
    FROM {db}.session_facts FINAL
    GROUP BY session_id`,

    `CREATE TABLE IF NOT EXISTS {db}.site_visits (
      event_id String,
      session_id String,
      page_path String,
      user_agent String,
      referrer String,
      created_at DateTime('UTC')
    ) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(created_at)
    ORDER BY (created_at, event_id)`,

    `CREATE TABLE IF NOT EXISTS {db}.symptom_checker_completions (
      event_id String,
      session_id String,
      top_condition String,
      condition_confidence UInt8,
      total_symptoms_reported UInt16,
      pain_intensity Nullable(UInt8),
      symptom_duration String,
      functional_impact Nullable(String),
      requested_referral UInt8,
      user_location Nullable(String),
      created_at DateTime('UTC')
    ) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(created_at)
    ORDER BY (created_at, event_id)`,

    `CREATE TABLE IF NOT EXISTS {db}.broken_links (
      event_id String,
      session_id String,
      requested_path String,
      referrer Nullable(String),
      user_agent String,
      created_at DateTime('UTC')
    ) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(created_at)
    ORDER BY (created_at, event_id)`,
  ],
};

/** Each table's columns as v1 made them, in order (INSERT … SELECT * relies on it). */
const COLUMNS: Record<string, string> = {
  analytics_events: `event_id String, session_id String, event_type String, page_path String,
    step_number Nullable(UInt8), top_condition Nullable(String), diagnosis_confidence Nullable(UInt8),
    event_data String, user_agent String, created_at DateTime('UTC'), received_at DateTime('UTC')`,
  session_facts: `event_id String, session_id String, fact String, user_agent String,
    landing_page String, referrer String, country String, city String, is_uk_user UInt8,
    page_views UInt8, duration_seconds UInt32, at DateTime('UTC')`,
  site_visits: `event_id String, session_id String, page_path String, user_agent String,
    referrer String, created_at DateTime('UTC')`,
  symptom_checker_completions: `event_id String, session_id String, top_condition String,
    condition_confidence UInt8, total_symptoms_reported UInt16, pain_intensity Nullable(UInt8),
    symptom_duration String, functional_impact Nullable(String), requested_referral UInt8,
    user_location Nullable(String), created_at DateTime('UTC')`,
  broken_links: `event_id String, session_id String, requested_path String,
    referrer Nullable(String), user_agent String, created_at DateTime('UTC')`,
};

/** The columns of site_visits the weekly report reads, as [name, type] (none of its types holds a comma). */
const REPORTED_VISIT_COLUMNS = COLUMNS.site_visits!.split(',')
  .map((column) => column.trim().split(/\s+/))
  .map(([name, ...type]) => [name!, type.join(' ')] as const)
  .filter(([name]) => ['event_id', 'page_path', 'referrer', 'created_at'].includes(name));

/**
 * Rebuilds a table sorted on the event id alone, in one partition: v1 sorted
 * and partitioned on the browser's time too, so one event id sent twice with
 * a different time stayed two rows even with FINAL (ReplacingMergeTree only
 * replaces rows with the same sort key in the same partition).
 *
 * Runs on 18.16 (no CREATE … AS SELECT with a new key, no EXCHANGE TABLES):
 * copy into a new table, swap names with RENAME, copy again from the old one
 * whatever arrived between the first copy and the swap (duplicates merge away:
 * that is the point). The whole list may rerun after a failure part-way
 * without losing rows: the new table deduplicates what is copied twice, and
 * an old table left by a half-run is dropped only after its rows are copied.
 * The old table stays as `<table>_before_v2` for the operator to drop.
 */
function dedupOnEventId(table: string): string[] {
  const create = (name: string) =>
    `CREATE TABLE IF NOT EXISTS {db}.${name} (${COLUMNS[table]}) ENGINE = ReplacingMergeTree ORDER BY event_id`;
  return [
    create(`${table}_v2`),
    // Empty on a first run; after a half-run, the old table: its rows are copied before it goes.
    create(`${table}_before_v2`),
    `INSERT INTO {db}.${table}_v2 SELECT * FROM {db}.${table}`,
    `INSERT INTO {db}.${table}_v2 SELECT * FROM {db}.${table}_before_v2`,
    `DROP TABLE {db}.${table}_before_v2`,
    `RENAME TABLE {db}.${table} TO {db}.${table}_before_v2, {db}.${table}_v2 TO {db}.${table}`,
    `INSERT INTO {db}.${table} SELECT * FROM {db}.${table}_before_v2`,
  ];
}

const v2: Migration = {
  version: 2,
  name: 'every table deduplicates on the event id alone',
  statements: Object.keys(COLUMNS).flatMap(dedupOnEventId),
};

/** The copy of site_visits sorted on the time, which the weekly report reads (v3). */
export const SITE_VISITS_BY_TIME = 'site_visits_by_time';

const copyColumns = REPORTED_VISIT_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', ');
const copyNames = REPORTED_VISIT_COLUMNS.map(([name]) => name).join(', ');
const copySelect = REPORTED_VISIT_COLUMNS.map(
  ([name, type]) => `CAST(${name} AS ${type}) AS ${name}`,
).join(', ');

/**
 * site_visits again, sorted on the time, for the weekly report (issue: the
 * report's p99 over 10 million visits). Since v2 site_visits is sorted on the
 * event id alone, so a filter on created_at cannot use its primary key and
 * reads the whole table; this copy is sorted on (created_at, event_id), so a
 * week's window reads only its own granules. It holds only the columns the
 * report (and docs/analytics 01–04) read: no user agent, the widest column,
 * so it costs each insert and the disk less than a whole second site_visits.
 *
 * Exactly once: the copy is fed by a materialized view, which sees every
 * insert, redeliveries included, and neither table rejects a repeated event
 * id. The copy still deduplicates: a redelivery with the same time has the
 * same sort key in the same partition, so ReplacingMergeTree merges it away,
 * and until then the report counts uniqExact(event_id) over the window, as it
 * did on site_visits, so any copy left counts once. Not a rollup: sums fed by
 * a view would count each redelivery again. The copy keeps every distinct
 * (time, event id) row site_visits received; a retry that came back with
 * another time (the gateway clamps the browser's clock) is a row at each time,
 * as it was in site_visits until a merge there kept one.
 *
 * The view lists its columns and casts each to the copy's type: with SELECT *
 * a site_visits rebuilt with a narrower type (ingestion-hardening does it to
 * provoke refusals) would make ClickHouse refuse every insert into it "while
 * pushing to view". The backfill runs after the view exists, so a row is in
 * the copy once or more, never lost; an insert already under way when the
 * view is created (another ingestion replica, milliseconds) does not feed it
 * and may land after the backfill has read: run this with one ingestion.
 * Rerunning every statement is safe: the backfill's second copies merge away.
 */
const v3: Migration = {
  version: 3,
  name: 'site_visits sorted on the time for the weekly report',
  statements: [
    `CREATE TABLE IF NOT EXISTS {db}.${SITE_VISITS_BY_TIME} (${copyColumns}) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(created_at)
    ORDER BY (created_at, event_id)`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.${SITE_VISITS_BY_TIME}_feed TO {db}.${SITE_VISITS_BY_TIME} AS
    SELECT ${copySelect} FROM {db}.site_visits`,
    `INSERT INTO {db}.${SITE_VISITS_BY_TIME} (${copyNames}) SELECT ${copySelect} FROM {db}.site_visits`,
  ],
};

/** The copy of site_visits the weekly report reads since v4: v3's, with the event id as a UUID. */
export const VISITS_BY_TIME = 'visits_by_time';

/**
 * The event id as a UUID, for any string: ingestion accepts only UUIDs
 * (decode-batch), but a view that threw on one row would refuse the whole
 * insert into site_visits, so anything else becomes a UUID made of its
 * 128-bit SipHash (two different ids meeting there is as likely as two random
 * UUIDs being equal). Both branches of if() are computed for every row in
 * ClickHouse, hence the choice of the text to parse, not of the parsed value.
 */
const eventUuid = `toUUID(if(match(event_id, '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'), event_id, concat(substring(hex(sipHash128(event_id)), 1, 8), '-', substring(hex(sipHash128(event_id)), 9, 4), '-', substring(hex(sipHash128(event_id)), 13, 4), '-', substring(hex(sipHash128(event_id)), 17, 4), '-', substring(hex(sipHash128(event_id)), 21, 12))))`;

const uuidCopyColumns = REPORTED_VISIT_COLUMNS.map(
  ([name, type]) => `${name} ${name === 'event_id' ? 'UUID' : type}`,
).join(', ');
const uuidCopySelect = REPORTED_VISIT_COLUMNS.map(([name, type]) =>
  name === 'event_id' ? `${eventUuid} AS event_id` : `CAST(${name} AS ${type}) AS ${name}`,
).join(', ');

/**
 * v3's copy again, with the event id stored as a UUID (16 bytes) instead of
 * its 36-character text: uniqExact over a UUID is a set of 128-bit numbers,
 * over a String it hashes every id first, and the report's exact distinct
 * counts were most of its time (npm run bench:report). Same rows, same
 * numbers: an id read back is the lower-case text site_visits holds.
 *
 * Under a new name, because ClickHouse 18.16 cannot change the type of a
 * sort key column nor swap two tables atomically; the feed, then the
 * backfill, as in v3 (a row is copied once or more, never lost), then v3's
 * view and copy go. Every statement can run again after a failure part-way.
 */
const v4: Migration = {
  version: 4,
  name: 'the weekly report reads visits_by_time, site_visits_by_time with UUID event ids',
  statements: [
    `CREATE TABLE IF NOT EXISTS {db}.${VISITS_BY_TIME} (${uuidCopyColumns}) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(created_at)
    ORDER BY (created_at, event_id)`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.${VISITS_BY_TIME}_feed TO {db}.${VISITS_BY_TIME} AS
    SELECT ${uuidCopySelect} FROM {db}.site_visits`,
    `INSERT INTO {db}.${VISITS_BY_TIME} (${copyNames}) SELECT ${uuidCopySelect} FROM {db}.site_visits`,
    `DROP TABLE IF EXISTS {db}.${SITE_VISITS_BY_TIME}_feed`,
    `DROP TABLE IF EXISTS {db}.${SITE_VISITS_BY_TIME}`,
  ],
};

export const MIGRATIONS: readonly Migration[] = [v1, v2, v3, v4];
