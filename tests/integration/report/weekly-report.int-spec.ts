import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { getModelToken } from '@nestjs/mongoose';
import mongoose, { type Connection, type Model } from 'mongoose';
import { ReportService } from '@handcheck/contracts';
import { createGrpcClient, sqlDate } from '@handcheck/server-kit';
import { eventually, uniqueName } from '@handcheck/server-kit/testing';
import { AdminUser } from '../../../services/gateway/src/auth/schemas/admin-user.schema';
import { TokenService } from '../../../services/gateway/src/auth/token.service';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type ReportEnv } from '../../../services/report/src/config/report.env';
import {
  addDays,
  isoWeek,
  localDate,
  reportDays,
} from '../../../services/report/src/weekly/report-days';
import { CHART_CID } from '../../../services/report/src/weekly/weekly-report-template';
import {
  TOP_PAGES,
  TOP_REFERRERS,
  WEEKLY_VISITS,
} from '../../../services/report/src/weekly/weekly-sql';
import { runMessageId } from '../../../services/report/src/weekly/report-runs.repository';
import { type Running, freePort, startGateway, startReport } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { checkerEventRow, clickhouseTime, migrateClickHouse } from '../../support/report-seed';
import { mailMessage, mailsTo, mongoUrl, waitForMails } from '../../support/referrals';

jest.setTimeout(120_000);

const ZONE = 'Europe/London';
const database = uniqueName('hc_weekly');
const mongoDatabase = uniqueName('hc_weekly');
let clickhouse: ClickHouseClient;
let mongo: Connection;

/** UTC 'YYYY-MM-DD hh:mm:ss' of an instant, as ClickHouse takes it. */
const at = clickhouseTime;
/** Noon UTC on a local date: inside that London day in winter and summer. */
const noon = (date: string) => Date.parse(`${date}T12:00:00Z`);

const PAGES = ['/', '/about', '/symptom-checker', '/conditions/trigger-finger'];
const REFERRERS = [
  '',
  'https://www.google.com/search?q=x',
  'https://www.nhs.uk/page',
  'https://duckduckgo.com/',
];

/**
 * Visits on each of the 14 days before today (a different number per day, one
 * day left empty), some today (not reported), one duplicate delivery, and some
 * a second either side of the window's midnights. The empty day is not the one
 * the late-visit test delivers to (three days ago), so it stays empty whichever
 * test runs first.
 */
async function seed(): Promise<void> {
  const today = localDate(new Date(), ZONE);
  const visits: Record<string, unknown>[] = [];
  const visit = (ms: number, i: number, eventId: string = randomUUID()) =>
    visits.push({
      event_id: eventId,
      session_id: `s${i % 17}`,
      page_path: PAGES[(i * 7) % PAGES.length],
      user_agent: 'test',
      referrer: REFERRERS[(i * 3) % REFERRERS.length],
      created_at: at(ms),
    });
  let n = 0;
  for (let back = 1; back <= 14; back++) {
    const day = addDays(today, -back);
    const count = back === 6 ? 0 : 3 + ((back * 5) % 11);
    for (let i = 0; i < count; i++) visit(noon(day) - 3_600_000 * (i % 9), n++);
  }
  for (let i = 0; i < 4; i++) visit(Date.now() - 1000 * i, n++);
  // Midnight edges in London time: the window's first second counts, the second before does not.
  visit(londonMidnight(addDays(today, -7)), n++);
  visit(londonMidnight(addDays(today, -7)) - 1000, n++);
  visit(londonMidnight(today) - 1000, n++);
  // Delivered twice (the same event again): one visit.
  const twice = randomUUID();
  visit(noon(addDays(today, -2)), n, twice);
  visit(noon(addDays(today, -2)), n, twice);
  await clickhouse.insert({ table: 'site_visits', values: visits, format: 'JSONEachRow' });

  const events: Record<string, unknown>[] = [];
  const event = (session: string, type: string, step: number | null, day: string) =>
    events.push(checkerEventRow(session, type, step, noon(day)));
  for (let s = 0; s < 6; s++) {
    const day = addDays(today, -1 - s);
    event(`f${s}`, 'symptom_checker_started', null, day);
    for (let step = 1; step <= s + 1; step++)
      event(`f${s}`, 'symptom_checker_step_completed', step, day);
    if (s === 5) event(`f${s}`, 'symptom_checker_completed', null, day);
  }
  await clickhouse.insert({ table: 'analytics_events', values: events, format: 'JSONEachRow' });
}

/** The UTC instant of midnight at the start of a London date. */
function londonMidnight(date: string): number {
  // London is UTC+0 or UTC+1: one of the two candidates is the local midnight.
  for (const hours of [0, -1]) {
    const candidate = Date.parse(`${date}T00:00:00Z`) + hours * 3_600_000;
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      hour: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(candidate));
    if (localDate(new Date(candidate), ZONE) === date && local === '00') return candidate;
  }
  throw new Error(`No London midnight found for ${date}`);
}

beforeAll(async () => {
  await migrateClickHouse(database);
  clickhouse = testClickHouse(database);
  await seed();
  mongo = await mongoose.createConnection(mongoUrl(mongoDatabase)).asPromise();
});

afterAll(async () => {
  await clickhouse?.close();
  await dropDatabase(database);
  await mongo?.dropDatabase().catch(() => undefined);
  await mongo?.close();
});

function reportEnv(overrides: Record<string, string> = {}) {
  return {
    CLICKHOUSE_DATABASE: database,
    MONGO_URL: mongoUrl(mongoDatabase),
    REPORT_TIMEZONE: ZONE,
    ...overrides,
  };
}

describe('weekly report stats', () => {
  let report: Running<ReportEnv> & { grpcAddress: string };
  let client: ReturnType<typeof createGrpcClient<typeof ReportService>>;

  beforeAll(async () => {
    report = await startReport(reportEnv());
    client = createGrpcClient(ReportService, report.grpcAddress, {
      deadlineMs: 20_000,
      internalToken: report.env.internalGrpcToken,
    });
  });

  afterAll(async () => {
    client?.close();
    await report?.close();
  });

  it('equal an independent count of the seeded visits', async () => {
    const recipient = `${uniqueName('admin')}@example.test`;
    const { stats } = await client.sendTestReport({ recipientEmail: recipient });
    const { days, previousDays } = reportDays(new Date(), ZONE);
    const between = (list: string[]) =>
      `toDate(created_at, '${ZONE}') >= ${sqlDate(list[0]!)} AND toDate(created_at, '${ZONE}') <= ${sqlDate(list[6]!)}`;
    // Written apart from the report: distinct event ids per London date, no
    // FINAL; a week is the sum of its days (docs/analytics.md).
    const perDay = (list: string[]) =>
      `SELECT toDate(created_at, '${ZONE}') AS d, uniqExact(event_id) AS n FROM site_visits WHERE ${between(list)} GROUP BY d`;
    const [totals] = await rows<{ week: number; previous: number }>(
      clickhouse,
      `SELECT (SELECT sum(n) FROM (${perDay(days)})) AS week, (SELECT sum(n) FROM (${perDay(previousDays)})) AS previous`,
    );
    const daily = await rows<{ date: string; n: number }>(
      clickhouse,
      `SELECT toString(d) AS date, n FROM (${perDay(days)})`,
    );
    const pages = await rows<{ page_path: string; n: number }>(
      clickhouse,
      `SELECT page_path, uniqExact(event_id) AS n FROM site_visits WHERE ${between(days)} GROUP BY page_path ORDER BY n DESC, page_path LIMIT 3`,
    );
    expect(totals!.week).toBeGreaterThan(0);
    expect(stats!.totalVisits).toBe(Number(totals!.week));
    expect(stats!.previousWeekTotal).toBe(Number(totals!.previous));
    const growth = Math.round(((totals!.week - totals!.previous) * 1000) / totals!.previous) / 10;
    expect(stats!.weekOverWeekGrowth).toBeCloseTo(growth, 5);
    const byDay = new Map(daily.map((row) => [row.date, Number(row.n)]));
    expect(stats!.dailyBreakdown.map((d) => [d.date, d.visits])).toEqual(
      days.map((day) => [day, byDay.get(day) ?? 0]),
    );
    // The empty day is there, with 0.
    expect(stats!.dailyBreakdown.some((d) => d.visits === 0)).toBe(true);
    expect(stats!.topPages.map((p) => [p.page, p.visits])).toEqual(
      pages.map((p) => [p.page_path, Number(p.n)]),
    );
    expect(stats!.topReferrers).toHaveLength(3);
    expect(stats!.topReferrers.map((r) => r.referrer)).toContain('(direct)');
    // The analysts' 01, which the report does not run (it adds 02's days itself), agrees.
    const [docs] = await rows<Record<'this_week' | 'previous_week' | 'growth_percent', number>>(
      clickhouse,
      WEEKLY_VISITS.sql({ database, timeZone: ZONE, endDay: localDate(new Date(), ZONE) }),
    );
    expect([docs!.this_week, docs!.previous_week, docs!.growth_percent].map(Number)).toEqual([
      stats!.totalVisits,
      stats!.previousWeekTotal,
      stats!.weekOverWeekGrowth,
    ]);
  });

  it("give the top pages and sources of the analysts' 03 and 04", async () => {
    const { stats } = await client.sendTestReport({
      recipientEmail: `${uniqueName('admin')}@example.test`,
    });
    const window = { database, timeZone: ZONE, endDay: localDate(new Date(), ZONE) };
    const pages = await rows<{ page: string; visits: number }>(clickhouse, TOP_PAGES.sql(window));
    const sources = await rows<{ referrer: string; visits: number }>(
      clickhouse,
      TOP_REFERRERS.sql(window),
    );
    expect(pages).toHaveLength(3);
    expect(stats!.topPages.map((p) => [p.page, p.visits])).toEqual(
      pages.map((p) => [p.page, Number(p.visits)]),
    );
    expect(stats!.topReferrers.map((r) => [r.referrer, r.visits])).toEqual(
      sources.map((r) => [r.referrer, Number(r.visits)]),
    );
  });

  it('SendTestReport mails the chart inline and the table to the recipient', async () => {
    const recipient = `${uniqueName('admin')}@example.test`;
    const answer = await client.sendTestReport({ recipientEmail: recipient });
    const [summary] = await waitForMails(recipient, 1);
    expect(summary!.MessageID).toBe(answer.emailId.replace(/^<|>$/g, ''));
    const message = (await mailMessage(summary!.ID)) as Awaited<ReturnType<typeof mailMessage>> & {
      Inline: { ContentType: string; ContentID: string }[];
    };
    expect(message.Subject).toMatch(/^\[Test\] HandCheck weekly report: \d+ visits/);
    expect(message.HTML).toContain(`src="cid:${CHART_CID}"`);
    expect(message.Inline).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ContentType: 'image/png', ContentID: CHART_CID }),
      ]),
    );
    expect(message.HTML).toContain(`data-figure="totalVisits">${answer.stats!.totalVisits}<`);
    for (const day of answer.stats!.dailyBreakdown) {
      expect(message.Text).toContain(`  ${day.date} (`);
      expect(message.HTML).toContain(`${day.date} (`);
    }
    expect(message.Text).toContain(`Total visits: ${answer.stats!.totalVisits}`);
  });

  it('SendTestReport refuses a recipient that is not an email address', async () => {
    await expect(client.sendTestReport({ recipientEmail: 'not-an-address' })).rejects.toMatchObject(
      {
        codeName: 'INVALID_ARGUMENT',
      },
    );
  });

  it('GetDashboard answers 28 days, the funnel and the conditions', async () => {
    const dashboard = await client.getDashboard({});
    expect(dashboard.dailyVisits).toHaveLength(28);
    expect(dashboard.funnel).toMatchObject({
      started: 6,
      stepsCompleted: [6, 5, 4, 3, 2, 1],
      completed: 1,
    });
  });

  describe('through the gateway', () => {
    let gateway: Running<GatewayEnv>;
    let unreachable: Running<GatewayEnv>;
    const SECRET = 'weekly-report-test-secret-at-least-32-bytes!';

    beforeAll(async () => {
      gateway = await startGateway({ REPORT_GRPC_URL: report.grpcAddress, JWT_SECRET: SECRET });
      unreachable = await startGateway({
        REPORT_GRPC_URL: `127.0.0.1:${await freePort()}`,
        JWT_SECRET: SECRET,
      });
    });

    afterAll(async () => {
      await gateway?.close();
      await unreachable?.close();
    });

    /** A real sign-in's access token: the guard checks its session and admin in MongoDB. */
    const token = async (app: Running<GatewayEnv>, email: string) => {
      const users = app.app.get<Model<AdminUser>>(getModelToken(AdminUser.name));
      const user = await users
        .findOneAndUpdate(
          { email },
          { $setOnInsert: { passwordHash: 'unused' } },
          { upsert: true, new: true },
        )
        .lean();
      const session = await app.app.get(TokenService).startSession({ id: String(user._id), email });
      return session.accessToken;
    };

    it('POST /api/admin/weekly-report/test mails the signed-in admin and answers the spec shape', async () => {
      const email = `${uniqueName('admin')}@example.test`;
      const response = await fetch(`${gateway.url}/api/admin/weekly-report/test`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await token(gateway, email)}` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        success: boolean;
        error: string | null;
        data: { emailId: string; stats: { totalVisits: number; dailyBreakdown: unknown[] } };
      };
      expect(body.success).toBe(true);
      expect(body.error).toBeNull();
      expect(body.data.stats.dailyBreakdown).toHaveLength(7);
      const [mail] = await waitForMails(email, 1);
      expect(mail!.MessageID).toBe(body.data.emailId.replace(/^<|>$/g, ''));
    });

    it('needs an access token', async () => {
      const response = await fetch(`${gateway.url}/api/admin/weekly-report/test`, {
        method: 'POST',
      });
      expect(response.status).toBe(401);
      expect((await fetch(`${gateway.url}/api/admin/dashboard`)).status).toBe(401);
    });

    it('answers 503 with the spec shape when the report service is unreachable', async () => {
      const response = await fetch(`${unreachable.url}/api/admin/weekly-report/test`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await token(unreachable, 'a@example.test')}` },
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        success: false,
        error: 'The report service is unavailable. Please try again shortly.',
      });
    });

    it('GET /api/admin/dashboard answers the charts', async () => {
      const response = await fetch(`${gateway.url}/api/admin/dashboard`, {
        headers: { authorization: `Bearer ${await token(gateway, 'a@example.test')}` },
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        dailyVisits: unknown[];
        funnel: { started: number };
      };
      expect(body.dailyVisits).toHaveLength(28);
      expect(body.funnel.started).toBe(6);
    });
  });
});

describe('the weekly schedule', () => {
  const runs = () =>
    mongo.collection<{
      _id: string;
      status: string;
      lease_owner: string;
      attempts: number;
      message_id?: string;
    }>('report_runs');

  it('mails each period exactly once with two replicas firing every 2 seconds', async () => {
    const recipient = `${uniqueName('weekly')}@example.test`;
    const env = reportEnv({
      REPORT_RECIPIENTS: recipient,
      REPORT_CRON: '*/2 * * * * *',
      REPORT_PERIOD: '6s',
      REPORT_LEASE_SECONDS: '30',
    });
    const started = Date.now();
    const replicas = await Promise.all([startReport(env), startReport(env)]);
    try {
      // At least three whole periods pass.
      await eventually(async () => (Date.now() - started > 20_000 ? true : undefined), 30_000, 500);
      // Each replica reports the newest sent run, whichever replica sent it.
      for (const replica of replicas) {
        const text = await (await fetch(replica.metricsUrl)).text();
        const line = /^report_weekly_last_sent_timestamp_seconds\{[^}]*\} (\S+)$/m.exec(text);
        expect(Number(line?.[1]) * 1000).toBeGreaterThan(started);
      }
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
    const sent = await runs()
      .find({ _id: { $regex: '^weekly-report:s6:' }, recipients: recipient } as never)
      .toArray();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.every((run) => run.status === 'sent' && run.attempts === 1)).toBe(true);
    // Both replicas took part, and neither sent a period the other had.
    const mails = await eventually(async () => {
      const list = await mailsTo(recipient);
      return list.length >= sent.length ? list : undefined;
    }, 15_000);
    expect(mails).toHaveLength(sent.length);
    const ids = mails.map((mail) => `<${mail.MessageID}>`).sort();
    expect(ids).toEqual(sent.map((run) => runMessageId(run._id)).sort());
  });

  it('takes over, once, a run whose replica died mid-send', async () => {
    const recipient = `${uniqueName('takeover')}@example.test`;
    const key = `weekly-report:${isoWeek(localDate(new Date(), ZONE))}`;
    const now = new Date();
    // What a replica killed after claiming leaves: running, its lease passed.
    await runs().deleteOne({ _id: key } as never);
    await mongo.collection('report_runs').insertOne({
      _id: key as never,
      status: 'running',
      lease_owner: 'crashed-replica',
      lease_until: new Date(now.getTime() - 1000),
      attempts: 1,
      recipients: [recipient],
      failures: [],
      started_at: new Date(now.getTime() - 60_000),
      updated_at: new Date(now.getTime() - 60_000),
    });
    const env = reportEnv({
      REPORT_RECIPIENTS: recipient,
      REPORT_CRON: '*/2 * * * * *',
      REPORT_PERIOD: 'week',
    });
    const replicas = await Promise.all([startReport(env), startReport(env)]);
    try {
      const run = await eventually(
        async () => {
          const found = await runs().findOne({ _id: key } as never);
          return found?.status === 'sent' ? found : undefined;
        },
        30_000,
        250,
      );
      expect(run.attempts).toBe(2);
      expect(run.lease_owner).not.toBe('crashed-replica');
      // A few more firings of both replicas change nothing.
      const later = Date.now() + 5_000;
      await eventually(async () => (Date.now() > later ? true : undefined), 10_000, 500);
    } finally {
      await Promise.all(replicas.map((replica) => replica.close()));
    }
    const mails = await mailsTo(recipient);
    expect(mails).toHaveLength(1);
    expect(`<${mails[0]!.MessageID}>`).toBe(runMessageId(key));
    expect((await runs().findOne({ _id: key } as never))?.attempts).toBe(2);
  });
});
