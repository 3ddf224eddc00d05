import { type AnalyticsEvent, storableEvent } from '@handcheck/contracts';

/** The tables ingestion inserts into. */
export const TABLE_NAMES = [
  'analytics_events',
  'session_facts',
  'site_visits',
  'symptom_checker_completions',
  'broken_links',
] as const;

export type TableName = (typeof TABLE_NAMES)[number];

export type Row = Record<string, string | number | null>;

/** Seconds already written out: a batch's events share a few seconds, and formatting was a seventh of ingestion's CPU. */
const timesBySecond = new Map<number, string>();
const MAX_TIMES_KEPT = 4096;

/** ClickHouse 18.16 reads `YYYY-MM-DD hh:mm:ss` into DateTime('UTC') without settings. */
export function clickHouseTime(ms: bigint): string {
  const second = Math.floor(Number(ms) / 1000);
  let text = timesBySecond.get(second);
  if (text === undefined) {
    text = new Date(second * 1000).toISOString().slice(0, 19).replace('T', ' ');
    if (timesBySecond.size >= MAX_TIMES_KEPT) timesBySecond.clear();
    timesBySecond.set(second, text);
  }
  return text;
}

/*
 * Rows are written out whole, every column in one literal, and a case's own columns set
 * after: one object shape per table, without the copies a spread of defaults makes (these
 * two are most of ingestion's rows).
 */
function sessionFact(event: AnalyticsEvent, fact: string): Row {
  return {
    event_id: event.eventId,
    session_id: event.sessionId,
    fact,
    user_agent: event.userAgent,
    landing_page: '',
    referrer: '',
    country: '',
    city: '',
    is_uk_user: 0,
    page_views: 0,
    duration_seconds: 0,
    at: clickHouseTime(event.occurredAtMs),
  };
}

function eventRow(event: AnalyticsEvent, eventType: string): Row {
  return {
    event_id: event.eventId,
    session_id: event.sessionId,
    event_type: eventType,
    page_path: event.pagePath,
    step_number: null,
    top_condition: null,
    diagnosis_confidence: null,
    event_data: '{}',
    user_agent: event.userAgent,
    created_at: clickHouseTime(event.occurredAtMs),
    received_at: clickHouseTime(event.receivedAtMs),
  };
}

/**
 * analytics_events.event_data of a checker event. emergency_check_completed's one boolean is
 * stored there as `{"anySign":true}`: an existing column, so no migration (18.16 has no
 * `ADD COLUMN IF NOT EXISTS`), and readable on 18.16 and current versions alike with
 * `visitParamExtractBool(event_data, 'anySign')`; the funnel itself needs only the type.
 */
function eventDataOf(checker: { anySign?: boolean; eventDataJson: string }): string {
  if (checker.anySign !== undefined) return JSON.stringify({ anySign: checker.anySign });
  return checker.eventDataJson || '{}';
}

/** The rows one event becomes, per table. Pure, so the mapping is tested without engines. */
export function rowsFor(original: AnalyticsEvent): Array<[TableName, Row]> {
  // Text as it may be stored (stored-text in contracts): the gateway did this already;
  // done again here for messages an older gateway wrote.
  const event = storableEvent(original);
  const createdAt = clickHouseTime(event.occurredAtMs);
  const payload = event.payload;
  switch (payload.case) {
    case 'sessionStarted': {
      const fact = sessionFact(event, 'session_start');
      fact.landing_page = payload.value.landingPage;
      fact.referrer = event.referrer;
      fact.country = payload.value.country;
      fact.city = payload.value.city;
      fact.is_uk_user = payload.value.isUkUser ? 1 : 0;
      return [['session_facts', fact]];
    }
    case 'pageView': {
      const fact = sessionFact(event, 'page_view');
      fact.page_views = 1;
      return [
        ['analytics_events', eventRow(event, 'page_view')],
        ['session_facts', fact],
      ];
    }
    case 'sessionDuration': {
      const fact = sessionFact(event, 'duration');
      fact.duration_seconds = payload.value.durationSeconds;
      return [['session_facts', fact]];
    }
    case 'checkerEvent': {
      const row = eventRow(event, payload.value.eventType);
      row.step_number = payload.value.stepNumber ?? null;
      row.top_condition = payload.value.topCondition ?? null;
      row.diagnosis_confidence = payload.value.diagnosisConfidence ?? null;
      row.event_data = eventDataOf(payload.value);
      return [['analytics_events', row]];
    }
    case 'siteVisit':
      return [
        [
          'site_visits',
          {
            event_id: event.eventId,
            session_id: event.sessionId,
            page_path: event.pagePath,
            user_agent: event.userAgent,
            referrer: event.referrer,
            created_at: createdAt,
          },
        ],
      ];
    case 'brokenLink':
      return [
        [
          'broken_links',
          {
            event_id: event.eventId,
            session_id: event.sessionId,
            requested_path: payload.value.requestedPath,
            referrer: event.referrer || null,
            user_agent: event.userAgent,
            created_at: createdAt,
          },
        ],
      ];
    case 'checkerCompletion':
      return [
        [
          'symptom_checker_completions',
          {
            event_id: event.eventId,
            session_id: event.sessionId,
            top_condition: payload.value.topCondition,
            condition_confidence: payload.value.conditionConfidence,
            total_symptoms_reported: payload.value.totalSymptomsReported,
            pain_intensity: payload.value.painIntensity ?? null,
            symptom_duration: payload.value.symptomDuration,
            functional_impact: payload.value.functionalImpact ?? null,
            // The spec records these two as constants: referral requests and
            // locations are never joined to a completion.
            requested_referral: 0,
            user_location: null,
            created_at: createdAt,
          },
        ],
      ];
    default:
      return [];
  }
}

/** A row for `table`, and what it was made of (an event, or what the repository stores). */
export interface SourcedRow<T> {
  table: TableName;
  row: Row;
  source: T;
}

/**
 * A batch's rows per table, one per event id: of rows with the same id, the one with the
 * smallest session_id, the first of those. Every table is keyed on the event id, so a merge
 * keeps one row of an id anyway, but 18.16 keeps both rows of one insert until it merges
 * (current versions keep the last at once): stored once, an id of one batch reads the same on
 * both and in any merge state. The funnel counts an id under the smallest session it came
 * with, so the row kept is the one the funnel would have chosen (session ids are ASCII, by the
 * event contract, so JavaScript orders them as ClickHouse's min() does).
 */
export function oneRowPerEventId<T>(
  rows: Iterable<SourcedRow<T>>,
): Map<TableName, SourcedRow<T>[]> {
  const kept = new Map<TableName, Map<string, SourcedRow<T>>>();
  for (const sourced of rows) {
    const ids = kept.get(sourced.table) ?? new Map<string, SourcedRow<T>>();
    kept.set(sourced.table, ids);
    const id = String(sourced.row.event_id);
    const before = ids.get(id);
    if (before === undefined || String(sourced.row.session_id) < String(before.row.session_id))
      ids.set(id, sourced);
  }
  return new Map([...kept].map(([table, ids]) => [table, [...ids.values()]]));
}

/** What becomes rows: an event, or what the repository is given to store. */
export interface RowSource {
  rows: ReadonlyArray<readonly [TableName, Row]>;
}

/**
 * The sources' rows per table, one per event id, as oneRowPerEventId keeps them. A batch
 * whose events all have ids of their own (nearly every batch) needs only one set of ids for
 * the whole batch; any id seen twice, or a source whose rows differ in id or repeat a table,
 * is sorted out by oneRowPerEventId itself.
 */
export function rowsByTable<T extends RowSource>(
  sources: readonly T[],
): Map<TableName, SourcedRow<T>[]> {
  const ids = new Set<string>();
  const tables = new Map<TableName, SourcedRow<T>[]>();
  for (const source of sources) {
    const rows = source.rows;
    const first = rows[0];
    if (first === undefined) continue;
    const id = String(first[1].event_id);
    if (ids.has(id)) return oneRowPerEventId(sourcedRows(sources));
    ids.add(id);
    for (let i = 0; i < rows.length; i++) {
      const [table, row] = rows[i]!;
      if (i > 0 && (String(row.event_id) !== id || tableBefore(rows, i, table))) {
        return oneRowPerEventId(sourcedRows(sources));
      }
      const list = tables.get(table);
      if (list) list.push({ table, row, source });
      else tables.set(table, [{ table, row, source }]);
    }
  }
  return tables;
}

function tableBefore(rows: RowSource['rows'], end: number, table: TableName): boolean {
  for (let j = 0; j < end; j++) if (rows[j]![0] === table) return true;
  return false;
}

function sourcedRows<T extends RowSource>(sources: readonly T[]): SourcedRow<T>[] {
  return sources.flatMap((source) => source.rows.map(([table, row]) => ({ table, row, source })));
}

/** Groups rows by table so each batch becomes one insert per table, one row per event id. */
export function groupRows(events: AnalyticsEvent[]): Map<TableName, Row[]> {
  const grouped = rowsByTable(events.map((event) => ({ rows: rowsFor(event) })));
  return new Map([...grouped].map(([table, kept]) => [table, kept.map(({ row }) => row)]));
}
