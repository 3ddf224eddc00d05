import {
  type AnalyticsEvent,
  AnalyticsEventSchema,
  CheckerCompletionSchema,
  CheckerEventSchema,
  SessionStartedSchema,
  create,
} from '@handcheck/contracts';
import fc from 'fast-check';
import {
  type Row,
  TABLE_NAMES,
  clickHouseTime,
  groupRows,
  oneRowPerEventId,
  rowsByTable,
  rowsFor,
} from './event-rows';

const at = BigInt(Date.UTC(2026, 10, 22, 8, 5, 9));
const event = (payload: AnalyticsEvent['payload'], extra: Partial<AnalyticsEvent> = {}) =>
  create(AnalyticsEventSchema, {
    eventId: 'e1',
    sessionId: 's1',
    occurredAtMs: at,
    receivedAtMs: at,
    userAgent: 'UA',
    pagePath: '/faq',
    referrer: 'https://ref.test/',
    payload,
    ...extra,
  });

describe('rowsFor', () => {
  it('formats times the way ClickHouse 18.16 reads them', () => {
    expect(clickHouseTime(at)).toBe('2026-11-22 08:05:09');
  });

  it('formats each time by its own second, however many seconds came before', () => {
    const base = Date.UTC(2026, 10, 22, 8, 5, 9);
    for (let second = 0; second < 5_000; second += 1) {
      const ms = base + second * 1000 + (second % 1000);
      expect(clickHouseTime(BigInt(ms))).toBe(
        new Date(ms).toISOString().slice(0, 19).replace('T', ' '),
      );
    }
    expect(clickHouseTime(BigInt(base + 999))).toBe('2026-11-22 08:05:09');
    expect(clickHouseTime(BigInt(base + 1000))).toBe('2026-11-22 08:05:10');
  });

  it('a page view is an analytics event and a page on its session', () => {
    const rows = rowsFor(
      event({ case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } }),
    );
    expect(rows.map(([table]) => table)).toEqual(['analytics_events', 'session_facts']);
    expect(rows[0]?.[1]).toMatchObject({
      event_type: 'page_view',
      page_path: '/faq',
      step_number: null,
      created_at: '2026-11-22 08:05:09',
    });
    expect(rows[1]?.[1]).toMatchObject({ fact: 'page_view', page_views: 1 });
  });

  it('a session start carries location and landing page, never an IP address', () => {
    const [[table, row]] = rowsFor(
      event({
        case: 'sessionStarted',
        value: {
          $typeName: 'handcheck.analytics.v1.SessionStarted',
          landingPage: '/',
          country: 'United Kingdom',
          city: 'York',
          isUkUser: true,
        },
      }),
    ) as [[string, Record<string, unknown>]];
    expect(table).toBe('session_facts');
    expect(row).toMatchObject({
      fact: 'session_start',
      landing_page: '/',
      country: 'United Kingdom',
      is_uk_user: 1,
      referrer: 'https://ref.test/',
    });
    expect(Object.keys(row)).not.toContain('ip_address');
  });

  it('checker events keep their step, condition and confidence', () => {
    const [[, row]] = rowsFor(
      event({
        case: 'checkerEvent',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerEvent',
          eventType: 'diagnosis_received',
          topCondition: 'Trigger Finger',
          diagnosisConfidence: 95,
          eventDataJson: '',
        },
      }),
    ) as [[string, Record<string, unknown>]];
    expect(row).toMatchObject({
      event_type: 'diagnosis_received',
      top_condition: 'Trigger Finger',
      diagnosis_confidence: 95,
      event_data: '{}',
      step_number: null,
    });
  });

  it('emergency_check_completed stores its one boolean as event_data {"anySign":…}, nothing else', () => {
    for (const anySign of [true, false]) {
      const [[table, row]] = rowsFor(
        event({
          case: 'checkerEvent',
          value: create(CheckerEventSchema, { eventType: 'emergency_check_completed', anySign }),
        }),
      ) as [[string, Record<string, unknown>]];
      expect(table).toBe('analytics_events');
      expect(row).toMatchObject({
        event_type: 'emergency_check_completed',
        event_data: JSON.stringify({ anySign }),
        step_number: null,
        top_condition: null,
        diagnosis_confidence: null,
      });
    }
  });

  it('completions record the spec constants', () => {
    const [[table, row]] = rowsFor(
      event({
        case: 'checkerCompletion',
        value: {
          $typeName: 'handcheck.analytics.v1.CheckerCompletion',
          topCondition: 'Ganglion Cyst',
          conditionConfidence: 95,
          totalSymptomsReported: 2,
          symptomDuration: '1-4 weeks',
        },
      }),
    ) as [[string, Record<string, unknown>]];
    expect(table).toBe('symptom_checker_completions');
    expect(row).toMatchObject({
      requested_referral: 0,
      user_location: null,
      pain_intensity: null,
      functional_impact: null,
      created_at: '2026-11-22 08:05:09',
    });
  });

  it('broken links keep a null referrer when there was none', () => {
    const [[, row]] = rowsFor(
      event(
        {
          case: 'brokenLink',
          value: { $typeName: 'handcheck.analytics.v1.BrokenLink', requestedPath: '/x' },
        },
        { referrer: '' },
      ),
    ) as [[string, Record<string, unknown>]];
    expect(row).toMatchObject({ requested_path: '/x', referrer: null });
  });

  it('site visits and durations go to their tables; groupRows batches per table', () => {
    const grouped = groupRows([
      event({ case: 'siteVisit', value: { $typeName: 'handcheck.analytics.v1.SiteVisit' } }),
      event(
        {
          case: 'sessionDuration',
          value: { $typeName: 'handcheck.analytics.v1.SessionDuration', durationSeconds: 30 },
        },
        { eventId: 'e2' },
      ),
      event(
        { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } },
        { eventId: 'e3' },
      ),
      event({ case: undefined }, { eventId: 'e4' }),
    ]);
    expect([...grouped.keys()].sort()).toEqual([
      'analytics_events',
      'session_facts',
      'site_visits',
    ]);
    expect(grouped.get('session_facts')).toHaveLength(2);
  });
});

describe('rowsFor stores text safely', () => {
  it('strips control characters and query strings, and cuts referrers to origin + path, for older messages too', () => {
    const visit = event(
      { case: 'siteVisit', value: { $typeName: 'handcheck.analytics.v1.SiteVisit' } },
      {
        pagePath: '/a\u0000b?x=1',
        referrer: 'https://search.example/?q=jane%40example.com',
        userAgent: 'UA\u001b[0m',
      },
    );
    expect(rowsFor(visit)).toEqual([
      [
        'site_visits',
        expect.objectContaining({
          page_path: '/ab',
          referrer: 'https://search.example/',
          user_agent: 'UA[0m',
        }),
      ],
    ]);
    const broken = event(
      {
        case: 'brokenLink',
        value: { $typeName: 'handcheck.analytics.v1.BrokenLink', requestedPath: '/x\u009b?utm=1' },
      },
      { referrer: '' },
    );
    expect(rowsFor(broken)[0]?.[1]).toMatchObject({ requested_path: '/x', referrer: null });
  });
});

describe('rowsFor strips control characters from every text it stores', () => {
  it('conditions, durations, impacts, places and the User-Agent', () => {
    const completion = event(
      {
        case: 'checkerCompletion',
        value: create(CheckerCompletionSchema, {
          topCondition: 'Trigger\u0000 Finger\u001b',
          conditionConfidence: 90,
          totalSymptomsReported: 2,
          symptomDuration: '1-4\u0007 weeks',
          functionalImpact: 'grip\u202e',
        }),
      },
      { userAgent: 'MyApp (jane@example.com)\r\n' },
    );
    expect(rowsFor(completion)[0]?.[1]).toMatchObject({
      top_condition: 'Trigger Finger',
      symptom_duration: '1-4 weeks',
      functional_impact: 'grip',
    });
    const step = event({
      case: 'checkerEvent',
      value: create(CheckerEventSchema, {
        eventType: 'diagnosis_received',
        topCondition: 'Ganglion\u0085 Cyst',
        diagnosisConfidence: 80,
      }),
    });
    expect(rowsFor(step)[0]?.[1]).toMatchObject({ top_condition: 'Ganglion Cyst' });
    const start = event({
      case: 'sessionStarted',
      value: create(SessionStartedSchema, {
        landingPage: '/',
        country: 'United\u0000 Kingdom',
        city: 'Leeds\u001b[2J',
      }),
    });
    expect(rowsFor(start)[0]?.[1]).toMatchObject({ country: 'United Kingdom', city: 'Leeds[2J' });
    expect(rowsFor(start)[0]?.[1]).toMatchObject({ user_agent: 'UA' });
    const withAgent = rowsFor(
      event(
        { case: 'siteVisit', value: { $typeName: 'handcheck.analytics.v1.SiteVisit' } },
        { userAgent: 'MyApp (jane@example.com)\r\n' },
      ),
    );
    expect(withAgent[0]?.[1]).toMatchObject({ user_agent: 'MyApp ([email])' });
  });
});

describe('one row per event id and table in a batch', () => {
  const started = (eventId: string, sessionId: string) =>
    event(
      {
        case: 'checkerEvent',
        value: create(CheckerEventSchema, { eventType: 'symptom_checker_started' }),
      },
      { eventId, sessionId },
    );
  const pageView = (eventId: string, sessionId: string) =>
    event(
      { case: 'pageView', value: { $typeName: 'handcheck.analytics.v1.PageView' } },
      { eventId, sessionId },
    );
  const ids = (rows: readonly Record<string, unknown>[] | undefined) =>
    (rows ?? []).map((row) => `${String(row.event_id)}@${String(row.session_id)}`);

  it('the same id under two sessions is one row, under the smaller session, wherever it comes', () => {
    const grouped = groupRows([
      started('x', 'session-b'),
      started('y', 'session-c'),
      started('x', 'session-a'),
      started('x', 'session-c'),
    ]);
    expect(ids(grouped.get('analytics_events'))).toEqual(['x@session-a', 'y@session-c']);
  });

  it('an id sent twice under one session keeps its first row', () => {
    const later = event(
      {
        case: 'checkerEvent',
        value: create(CheckerEventSchema, {
          eventType: 'symptom_checker_step_completed',
          stepNumber: 2,
        }),
      },
      { eventId: 'x', sessionId: 'session-a' },
    );
    const [row, ...others] = groupRows([started('x', 'session-a'), later]).get('analytics_events')!;
    expect(others).toEqual([]);
    expect(row).toMatchObject({ event_type: 'symptom_checker_started', step_number: null });
  });

  it('is decided per table, as each table is keyed on the event id', () => {
    // A page view is a row of analytics_events and one of session_facts; the checker event
    // with its id only of analytics_events.
    const grouped = groupRows([pageView('x', 'session-b'), started('x', 'session-a')]);
    expect(grouped.get('analytics_events')).toEqual([
      expect.objectContaining({ event_type: 'symptom_checker_started', session_id: 'session-a' }),
    ]);
    expect(ids(grouped.get('session_facts'))).toEqual(['x@session-b']);
  });

  it('keeps what each row was made of, for the repository to name what ClickHouse refuses', () => {
    const rows = [
      { table: 'site_visits' as const, row: { event_id: 'v', session_id: 's-2' }, source: 1 },
      { table: 'site_visits' as const, row: { event_id: 'v', session_id: 's-1' }, source: 2 },
      { table: 'site_visits' as const, row: { event_id: 'w', session_id: 's-3' }, source: 3 },
    ];
    const kept = oneRowPerEventId(rows).get('site_visits')!;
    expect(kept.map(({ source }) => source)).toEqual([2, 3]);
  });
});

describe('rowsByTable', () => {
  const tables = fc.constantFrom(...TABLE_NAMES);
  // Few ids and sessions, so that repeats, and sources whose rows differ in id, are common.
  const row = fc.record({
    event_id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
    session_id: fc.constantFrom('s-1', 's-2', 's-3'),
  });
  const source = fc.record({ rows: fc.array(fc.tuple(tables, row), { maxLength: 3 }) });

  it('keeps what oneRowPerEventId keeps, in the same order, for any sources', () => {
    fc.assert(
      fc.property(fc.array(source, { maxLength: 12 }), (sources) => {
        const expected = oneRowPerEventId(
          sources.flatMap((item) =>
            item.rows.map(([table, r]) => ({ table, row: r as Row, source: item })),
          ),
        );
        const actual = rowsByTable(sources);
        expect([...actual.keys()]).toEqual([...expected.keys()]);
        for (const [table, kept] of expected) {
          const got = actual.get(table)!;
          expect(got.map(({ row: r }) => r)).toEqual(kept.map(({ row: r }) => r));
          got.forEach(({ source: item }, i) => expect(item).toBe(kept[i]!.source));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('groups a batch of distinct ids by table, in order, without sorting anything out', () => {
    const one = {
      rows: [
        ['analytics_events', { event_id: 'a' }],
        ['session_facts', { event_id: 'a' }],
      ] as const,
    };
    const two = { rows: [['analytics_events', { event_id: 'b' }]] as const };
    const grouped = rowsByTable([one, two]);
    expect(grouped.get('analytics_events')!.map(({ source }) => source)).toEqual([one, two]);
    expect(grouped.get('session_facts')!.map(({ source }) => source)).toEqual([one]);
  });
});
