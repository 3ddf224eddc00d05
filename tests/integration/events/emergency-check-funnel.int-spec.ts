import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { ReportService } from '@handcheck/contracts';
import { createGrpcClient } from '@handcheck/server-kit';
import {
  createKafka,
  eventually,
  testInfra,
  uniqueName,
  type Kafka,
} from '@handcheck/server-kit/testing';
import { type Running, startGateway, startIngestion, startReport } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { postEvents, waitUntilCaughtUp } from '../../support/events';
import { mongoUrl } from '../../support/referrals';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';
import { type ReportEnv } from '../../../services/report/src/config/report.env';

jest.setTimeout(120_000);

// The emergency check is its own funnel stage. Its event goes browser → gateway →
// Kafka → ingestion → ClickHouse holding only whether any sign was chosen, and the dashboard's
// funnel counts it between started and step 1.

type Funnel = {
  started: number;
  emergencyCheckCompleted: number;
  stepsCompleted: number[];
  completed: number;
};

describe('emergency_check_completed, end to end', () => {
  let gateway: Running<GatewayEnv>;
  let ingestion: Running<IngestionEnv>;
  let report: Running<ReportEnv> & { grpcAddress: string };
  let client: ReturnType<typeof createGrpcClient<typeof ReportService>>;
  let clickhouse: ClickHouseClient;
  let kafka: Kafka;
  const mongoDatabase = uniqueName('hc_emergency');
  const topic = uniqueName('analytics-emergency');
  // Two days ago: inside the dashboard's 28 whole days, which leave out today (when the other
  // suites' live events happen), and within the gateway's week of accepted clock skew.
  const when = Date.now() - 2 * 86_400_000;

  const event = (sessionId: string, type: string, fields: Record<string, unknown> = {}) => ({
    type,
    id: randomUUID(),
    sessionId,
    at: when,
    path: '/symptom-checker',
    ...fields,
  });

  /** The dashboard's funnel once ingestion has stored everything the topic holds. */
  async function funnel(): Promise<Funnel> {
    await waitUntilCaughtUp(kafka, ingestion.env.CONSUMER_GROUP, topic);
    const { funnel } = await client.getDashboard({});
    return {
      started: funnel!.started,
      emergencyCheckCompleted: funnel!.emergencyCheckCompleted,
      stepsCompleted: [...funnel!.stepsCompleted],
      completed: funnel!.completed,
    };
  }

  beforeAll(async () => {
    kafka = createKafka({ clientId: 'emergency-check-test', brokers: [testInfra().kafkaBrokers] });
    // A topic of its own between its gateway and its ingestion: no other suite's events (some
    // backdated into the dashboard's window) move the funnel while this test reads it.
    ingestion = await startIngestion({
      ANALYTICS_TOPIC: topic,
      CONSUMER_GROUP: uniqueName('ingestion-emergency'),
    });
    gateway = await startGateway({ ANALYTICS_TOPIC: topic });
    report = await startReport({
      CLICKHOUSE_DATABASE: ingestion.env.CLICKHOUSE_DATABASE,
      MONGO_URL: mongoUrl(mongoDatabase),
      REPORT_TIMEZONE: 'UTC',
    });
    client = createGrpcClient(ReportService, report.grpcAddress, {
      deadlineMs: 20_000,
      internalToken: report.env.internalGrpcToken,
    });
    clickhouse = testClickHouse(ingestion.env.CLICKHOUSE_DATABASE);
  });

  afterAll(async () => {
    client?.close();
    await report?.close();
    await gateway?.close();
    await ingestion?.close();
    await clickhouse?.close();
    if (ingestion) await dropDatabase(ingestion.env.CLICKHOUSE_DATABASE);
  });

  it('is refused at the intake with the signs chosen, or without its boolean', async () => {
    const session = randomUUID();
    for (const fields of [
      { anySign: true, signs: ['bite'] },
      { anySign: true, eventData: { anySign: true } },
      { anySign: 'yes' },
      {},
    ]) {
      const { status } = await postEvents(gateway.url, [
        event(session, 'emergency_check_completed', fields),
      ]);
      expect([fields, status]).toEqual([fields, 400]);
    }
  });

  it('lands in ClickHouse with only anySign, and the funnel counts it between started and step 1', async () => {
    // The funnel is compared with what it was before these sessions (none, on a topic of its own).
    const before = await funnel();
    const [finished, emergency, startedOnly, stepOne] = [1, 2, 3, 4].map(() => randomUUID()) as [
      string,
      string,
      string,
      string,
    ];
    const finishedCheck = event(finished, 'emergency_check_completed', { anySign: false });
    const emergencyCheck = event(emergency, 'emergency_check_completed', { anySign: true });
    const events = [
      // Through to the end, no sign.
      event(finished, 'symptom_checker_started'),
      finishedCheck,
      ...[1, 2, 3, 4, 5, 6].map((stepNumber) =>
        event(finished, 'symptom_checker_step_completed', { stepNumber }),
      ),
      event(finished, 'symptom_checker_completed'),
      // A sign: the emergency card, and no further.
      event(emergency, 'symptom_checker_started'),
      emergencyCheck,
      // Started, never answered the check.
      event(startedOnly, 'symptom_checker_started'),
      // No sign, then step 1 only.
      event(stepOne, 'symptom_checker_started'),
      event(stepOne, 'emergency_check_completed', { anySign: false }),
      event(stepOne, 'symptom_checker_step_completed', { stepNumber: 1 }),
    ];
    expect(await postEvents(gateway.url, events)).toEqual({ status: 202, retryAfter: null });

    const stored = await eventually(async () => {
      const found = await rows<Record<string, unknown>>(
        clickhouse,
        `SELECT event_id, event_type, step_number, top_condition, diagnosis_confidence, event_data,
                visitParamExtractBool(event_data, 'anySign') AS any_sign
         FROM analytics_events FINAL
         WHERE event_id IN ('${finishedCheck.id}', '${emergencyCheck.id}')
         ORDER BY any_sign`,
      );
      return found.length === 2 ? found : undefined;
    }, 20_000);
    const row = (id: string, anySign: boolean) => ({
      event_id: id,
      event_type: 'emergency_check_completed',
      step_number: null,
      top_condition: null,
      diagnosis_confidence: null,
      event_data: JSON.stringify({ anySign }),
      any_sign: anySign ? 1 : 0,
    });
    expect(stored).toEqual([row(finishedCheck.id, false), row(emergencyCheck.id, true)]);

    const after = await funnel();
    const delta = {
      started: after.started - before.started,
      emergencyCheckCompleted: after.emergencyCheckCompleted - before.emergencyCheckCompleted,
      stepsCompleted: after.stepsCompleted.map((n, i) => n - (before.stepsCompleted[i] ?? 0)),
      completed: after.completed - before.completed,
    };
    expect(delta).toEqual({
      started: 4,
      emergencyCheckCompleted: 3,
      stepsCompleted: [2, 1, 1, 1, 1, 1],
      completed: 1,
    });
    // Each stage is at most the one before, the new one included.
    const stages = [
      after.started,
      after.emergencyCheckCompleted,
      ...after.stepsCompleted,
      after.completed,
    ];
    for (let i = 1; i < stages.length; i++) expect(stages[i]).toBeLessThanOrEqual(stages[i - 1]!);
  });
});
