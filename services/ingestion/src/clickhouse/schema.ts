// The spec's five analytics tables. Every raw table is a ReplacingMergeTree
// keyed on the event id alone (v2), so a redelivered Kafka batch never double
// counts once merged, and queries with FINAL (or uniqExact(event_id)) are exact
// at once. visits_by_time (v4) is site_visits sorted on the time, for the
// weekly report. user_sessions is a view folding the per-event session facts
// into one current row per session. All of it runs on ClickHouse 18.16 and on
// current versions: no TTL, no CODEC, no LowCardinality, no query parameters.
// A migration that has run is never edited: the ledger lists it as applied.
import { type Migration } from '@handcheck/server-kit';

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
 * Rebuilds a table sorted on the event id alone, in one partition: with the
 * browser's time in the key, one event id sent twice with another time stayed
 * two rows even with FINAL. 18.16 cannot re-key a table nor swap two: copy into
 * a new one, swap names with RENAME, copy again what arrived in between
 * (duplicates merge away). Rerunnable after a failure part-way; the old table
 * stays as `<table>_before_v2` for the operator to drop.
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

/**
 * A copy of site_visits sorted on (created_at, event_id), so that a week's
 * window reads only its own granules (site_visits is sorted on the event id).
 * Only the columns the report reads, each cast by name: a `SELECT *` feed
 * would refuse every insert into a site_visits rebuilt with narrower types.
 * The materialized view feeds it every insert, then the backfill copies what
 * came before; a row copied twice merges away, and the report counts each
 * event id once meanwhile. Run with one ingestion: an insert already
 * under way when the view is created can miss both.
 */
function timeSortedVisits(table: string, eventId?: { type: string; select: string }): string[] {
  const columns = REPORTED_VISIT_COLUMNS.map(([name, type]) =>
    name === 'event_id' && eventId
      ? { name, type: eventId.type, value: `${eventId.select} AS ${name}` }
      : { name, type, value: `CAST(${name} AS ${type}) AS ${name}` },
  );
  const list = (part: (column: (typeof columns)[number]) => string) => columns.map(part).join(', ');
  const select = list((column) => column.value);
  return [
    `CREATE TABLE IF NOT EXISTS {db}.${table} (${list((column) => `${column.name} ${column.type}`)}) ENGINE = ReplacingMergeTree
    PARTITION BY toYYYYMM(created_at)
    ORDER BY (created_at, event_id)`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.${table}_feed TO {db}.${table} AS
    SELECT ${select} FROM {db}.site_visits`,
    `INSERT INTO {db}.${table} (${list((column) => column.name)}) SELECT ${select} FROM {db}.site_visits`,
  ];
}

/** v3's copy, which v4 replaces. */
export const SITE_VISITS_BY_TIME = 'site_visits_by_time';

const v3: Migration = {
  version: 3,
  name: 'site_visits sorted on the time for the weekly report',
  statements: timeSortedVisits(SITE_VISITS_BY_TIME),
};

/** The copy of site_visits the weekly report reads: v3's, with the event id as a UUID. */
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

/**
 * v3's copy with the event id as a UUID (16 bytes, not 36 characters): exact
 * distinct counts over text ids are most of the report's time (npm run
 * bench:report), and uniqExact over a UUID hashes nothing. Same rows, same numbers. A new
 * name, because 18.16 cannot change a sort key column's type nor swap two
 * tables; v3's view and copy go once the new copy is fed and backfilled.
 */
const v4: Migration = {
  version: 4,
  name: 'the weekly report reads visits_by_time, site_visits_by_time with UUID event ids',
  statements: [
    ...timeSortedVisits(VISITS_BY_TIME, { type: 'UUID', select: eventUuid }),
    `DROP TABLE IF EXISTS {db}.${SITE_VISITS_BY_TIME}_feed`,
    `DROP TABLE IF EXISTS {db}.${SITE_VISITS_BY_TIME}`,
  ],
};

/** Deliveries of visits per hour (UTC), fed by every insert into visits_by_time. */
export const VISIT_DELIVERIES_BY_HOUR = 'visit_deliveries_by_hour';

/**
 * Visit rows delivered per hour of visit time, counted as inserted and never
 * fewer after a merge, for a report that kept each day's figures; v6 drops it.
 */
const v5: Migration = {
  version: 5,
  name: 'visit deliveries per hour, so the report can tell which days changed',
  statements: [
    `CREATE TABLE IF NOT EXISTS {db}.${VISIT_DELIVERIES_BY_HOUR} (hour DateTime('UTC'), deliveries UInt64) ENGINE = SummingMergeTree
    ORDER BY hour`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS {db}.${VISIT_DELIVERIES_BY_HOUR}_feed TO {db}.${VISIT_DELIVERIES_BY_HOUR} AS
    SELECT toStartOfHour(created_at) AS hour, count() AS deliveries FROM {db}.site_visits GROUP BY hour`,
    `INSERT INTO {db}.${VISIT_DELIVERIES_BY_HOUR} (hour, deliveries)
    SELECT toStartOfHour(created_at) AS hour, count() AS deliveries FROM {db}.site_visits GROUP BY hour`,
  ],
};

/** The report reads visits_by_time directly: nothing reads v5's counts any more. View first, so nothing feeds a dropped table. */
const v6: Migration = {
  version: 6,
  name: 'drop the visit deliveries per hour',
  statements: [
    `DROP TABLE IF EXISTS {db}.${VISIT_DELIVERIES_BY_HOUR}_feed`,
    `DROP TABLE IF EXISTS {db}.${VISIT_DELIVERIES_BY_HOUR}`,
  ],
};

export const MIGRATIONS: readonly Migration[] = [v1, v2, v3, v4, v5, v6];

/**
 * On a cluster (CLICKHOUSE_CLUSTER), each table is replicated per shard with
 * a Distributed table of its name in front, and ingestion inserts into the
 * Distributed tables, sharded on the event id: every delivery of one event
 * lands on one shard, where ReplacingMergeTree, FINAL and uniqExact fold it.
 * Inserting into local tables from each ingestion replica would put an event
 * redelivered to another replica (a rebalance) on another shard, twice for
 * good. One shard costs nothing: a Distributed table writes a shard it holds
 * a replica of directly. Deliveries per hour (no event id) sum on any shard.
 */
export const SHARDING_KEY = (table: string) =>
  table === VISIT_DELIVERIES_BY_HOUR ? 'cityHash64(hour)' : 'cityHash64(event_id)';
