import { type ClickHouseService, type Metrics } from '@handcheck/server-kit';
import { AnalyticsRepository } from './analytics.repository';
import { type Row, type TableName } from './event-rows';

const metrics = {
  histogram: () => ({ startTimer: () => () => undefined }),
  counter: () => ({ inc: () => undefined }),
} as unknown as Metrics;

/** A repository over a ClickHouse that records each insert, refusing rows `refuse` names. */
function repository(refuse: (row: Row) => boolean = () => false) {
  const inserts: Array<{ table: string; rows: Row[] }> = [];
  const clickhouse = {
    insert: async (table: string, rows: Row[]) => {
      if (rows.some(refuse)) throw new Error('Code: 27. DB::Exception: Cannot parse input');
      inserts.push({ table, rows });
    },
  } as unknown as ClickHouseService;
  return { analytics: new AnalyticsRepository(clickhouse, metrics), inserts };
}

const item = (eventId: string, sessionId: string, table: TableName = 'analytics_events') => ({
  name: `${eventId}@${sessionId}`,
  rows: [[table, { event_id: eventId, session_id: sessionId }]] as Array<[TableName, Row]>,
});

describe('AnalyticsRepository.insert', () => {
  it('stores an id sent twice in one batch once, under the smaller session', async () => {
    const { analytics, inserts } = repository();
    const refused = await analytics.insert([
      item('x', 'session-b'),
      item('y', 'session-a'),
      item('x', 'session-a'),
    ]);
    expect(refused).toEqual([]);
    expect(inserts).toEqual([
      {
        table: 'analytics_events',
        rows: [
          { event_id: 'x', session_id: 'session-a' },
          { event_id: 'y', session_id: 'session-a' },
        ],
      },
    ]);
  });

  it('names the event whose row was kept when ClickHouse refuses it', async () => {
    const { analytics, inserts } = repository((row) => row.event_id === 'x');
    const kept = item('x', 'session-a');
    const refused = await analytics.insert([item('x', 'session-b'), kept, item('y', 'session-c')]);
    expect(refused.map(({ item }) => item)).toEqual([kept]);
    expect(inserts).toEqual([
      { table: 'analytics_events', rows: [{ event_id: 'y', session_id: 'session-c' }] },
    ]);
  });
});
