import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { ReportService } from '@handcheck/contracts';
import { createGrpcClient } from '@handcheck/server-kit';
import { uniqueName } from '@handcheck/server-kit/testing';
import { type ReportEnv } from '../../../services/report/src/config/report.env';
import { addDays, localDate, reportDays } from '../../../services/report/src/weekly/report-days';
import { type Running, startReport } from '../../support/apps';
import { dropDatabase, testClickHouse } from '../../support/clickhouse';
import { checkerEventRow, clickhouseTime, migrateClickHouse } from '../../support/report-seed';
import { mongoUrl } from '../../support/referrals';

jest.setTimeout(120_000);

// One event id counts once in every report and dashboard figure, however
// often and with whatever it was redelivered; the funnel counts sessions and only narrows.

const ZONE = 'Europe/London';
const database = uniqueName('hc_ids');
const mongoDatabase = uniqueName('hc_ids');
let clickhouse: ClickHouseClient;

const at = clickhouseTime;
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);
const today = localDate(new Date(), ZONE);
const day = (back: number) => noon(addDays(today, -back));

async function insert(table: string, values: Record<string, unknown>[]): Promise<void> {
  await clickhouse.insert({ table, values, format: 'JSONEachRow' });
}

const visit = (eventId: string, path: string, ms: number, referrer = '') => ({
  event_id: eventId,
  session_id: 'session-1',
  page_path: path,
  user_agent: 'test',
  referrer,
  created_at: at(ms),
});

const checker = (session: string, type: string, step: number | null = null) =>
  checkerEventRow(session, type, step, day(2));

const completion = (eventId: string, condition: string) => ({
  event_id: eventId,
  session_id: 'session-1',
  top_condition: condition,
  condition_confidence: 90,
  total_symptoms_reported: 3,
  pain_intensity: null,
  symptom_duration: '1-4 weeks',
  functional_impact: null,
  requested_referral: 0,
  user_location: null,
  created_at: at(day(2)),
});

beforeAll(async () => {
  await migrateClickHouse(database);
  clickhouse = testClickHouse(database);

  // Five visits. One id is redelivered with another path, another referrer and a time a
  // day later: it is one visit, on its first day, under one path and one referrer.
  // Two more first came before the week: one in the week before, one 20 days ago;
  // their late redeliveries this week are not visits of this week.
  const moved = randomUUID();
  const [lastWeek, longAgo] = [randomUUID(), randomUUID()];
  await insert('site_visits', [
    visit(randomUUID(), '/', day(2)),
    visit(randomUUID(), '/', day(2)),
    visit(randomUUID(), '/about', day(2)),
    visit(moved, '/about', day(3), 'https://www.nhs.uk/a'),
    visit(randomUUID(), '/faq', day(2)),
  ]);
  await insert('site_visits', [
    visit(lastWeek, '/about', day(9), 'https://www.nhs.uk/a'),
    visit(longAgo, '/about', day(20)),
  ]);
  await insert('site_visits', [
    visit(moved, '/faq', day(2), 'https://duckduckgo.com/'),
    visit(lastWeek, '/faq', day(2)),
    visit(longAgo, '/faq', day(2)),
  ]);

  // Sessions: s1 went through to the end; s2's start and steps fell before the window
  // (or were lost), only its completion is there; s3 stopped after step 2; s4 has only
  // a step 3.
  await insert('analytics_events', [
    checker('s1', 'symptom_checker_started'),
    ...[1, 2, 3, 4, 5, 6].map((step) => checker('s1', 'symptom_checker_step_completed', step)),
    checker('s1', 'symptom_checker_completed'),
    checker('s2', 'symptom_checker_completed'),
    checker('s3', 'symptom_checker_started'),
    checker('s3', 'symptom_checker_step_completed', 1),
    checker('s3', 'symptom_checker_step_completed', 2),
    checker('s4', 'symptom_checker_step_completed', 3),
  ]);

  // Two completions; one is redelivered with another condition.
  const twice = randomUUID();
  await insert('symptom_checker_completions', [
    completion(twice, 'Trigger Finger'),
    completion(randomUUID(), 'Ganglion Cyst'),
  ]);
  await insert('symptom_checker_completions', [completion(twice, 'Ganglion Cyst')]);
});

afterAll(async () => {
  await clickhouse?.close();
  await dropDatabase(database);
});

describe('report figures count each event id once', () => {
  let report: Running<ReportEnv> & { grpcAddress: string };
  let client: ReturnType<typeof createGrpcClient<typeof ReportService>>;

  beforeAll(async () => {
    report = await startReport({
      CLICKHOUSE_DATABASE: database,
      MONGO_URL: mongoUrl(mongoDatabase),
      REPORT_TIMEZONE: ZONE,
    });
    client = createGrpcClient(ReportService, report.grpcAddress, {
      deadlineMs: 20_000,
      internalToken: report.env.internalGrpcToken,
    });
  });

  afterAll(async () => {
    client?.close();
    await report?.close();
  });

  it('the weekly stats: a redelivered id is one visit, on one day, under one page and one referrer', async () => {
    const { stats } = await client.sendTestReport({
      recipientEmail: `${uniqueName('admin')}@example.test`,
    });
    expect(stats!.totalVisits).toBe(5);
    expect(stats!.previousWeekTotal).toBe(1);
    expect(stats!.dailyBreakdown.reduce((sum, d) => sum + d.visits, 0)).toBe(5);
    // Every page is in the top 3 here, so the top pages add up to the visits.
    expect(stats!.topPages.reduce((sum, p) => sum + p.visits, 0)).toBe(5);
    expect(stats!.topPages.map((p) => [p.page, p.visits])).toEqual([
      ['/', 2],
      ['/about', 2],
      ['/faq', 1],
    ]);
    expect(stats!.topReferrers.reduce((sum, r) => sum + r.visits, 0)).toBe(5);
  });

  it("the dashboard's chart and the report agree on every figure of the same two weeks", async () => {
    const { stats } = await client.sendTestReport({
      recipientEmail: `${uniqueName('admin')}@example.test`,
    });
    const chart = new Map(
      (await client.getDashboard({})).dailyVisits.map((d) => [d.date, d.visits]),
    );
    const { days, previousDays } = reportDays(new Date(), ZONE);
    const sum = (list: string[]) => list.reduce((total, date) => total + chart.get(date)!, 0);
    expect(stats!.dailyBreakdown.map((d) => [d.date, d.visits])).toEqual(
      days.map((date) => [date, chart.get(date)]),
    );
    expect(stats!.totalVisits).toBe(sum(days));
    expect(stats!.previousWeekTotal).toBe(sum(previousDays));
    // The id first delivered 20 days ago counts there, in neither week.
    expect(chart.get(addDays(today, -20))).toBe(1);
  });

  it('the dashboard: visits per day, conditions per completion id, and a funnel of sessions that only narrows', async () => {
    const dashboard = await client.getDashboard({});
    expect(dashboard.dailyVisits.reduce((sum, d) => sum + d.visits, 0)).toBe(7);
    expect(dashboard.topConditions.map((c) => [c.condition, c.completions])).toEqual([
      ['Ganglion Cyst', 2],
    ]);
    const { started, stepsCompleted, completed } = dashboard.funnel!;
    // Each session counts at the furthest point it reached, and in every stage before it.
    expect([started, ...stepsCompleted, completed]).toEqual([4, 4, 4, 3, 2, 2, 2, 2]);
  });
});
