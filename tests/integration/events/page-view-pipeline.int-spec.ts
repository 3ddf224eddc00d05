import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { eventually } from '@handcheck/server-kit/testing';
import { type Running, startGateway, startIngestion } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';

jest.setTimeout(60_000);

describe('a page view travels browser → gateway → Kafka → ingestion → ClickHouse', () => {
  let gateway: Running<GatewayEnv>;
  let ingestion: Running<IngestionEnv>;
  let clickhouse: ClickHouseClient;

  beforeAll(async () => {
    ingestion = await startIngestion();
    gateway = await startGateway();
    clickhouse = testClickHouse(ingestion.env.CLICKHOUSE_DATABASE);
  });

  afterAll(async () => {
    await gateway?.close();
    await ingestion?.close();
    await clickhouse?.close();
    if (ingestion) await dropDatabase(ingestion.env.CLICKHOUSE_DATABASE);
  });

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${gateway.url}/api/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'HandCheckTest/1.0',
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  // How soon is a figure of `npm run bench:ingest` (its lag), not a timed assertion here.
  it('lands exactly once, with its fields intact', async () => {
    const id = randomUUID();
    const sessionId = randomUUID();
    const response = await post({
      events: [
        {
          type: 'page_view',
          id,
          sessionId,
          at: Date.now(),
          path: '/conditions/trigger-finger',
          referrer: 'https://example.org/x',
        },
      ],
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1 });

    const found = await eventually(async () => {
      const result = await rows<Record<string, unknown>>(
        clickhouse,
        `SELECT event_id, session_id, event_type, page_path, user_agent, step_number FROM analytics_events FINAL WHERE event_id = '${id}'`,
      );
      return result.length > 0 ? result : undefined;
    }, 30_000);
    expect(found).toEqual([
      {
        event_id: id,
        session_id: sessionId,
        event_type: 'page_view',
        page_path: '/conditions/trigger-finger',
        user_agent: 'HandCheckTest/1.0',
        step_number: null,
      },
    ]);
    // Also counted on its session, and never twice.
    const raw = await rows<{ n: number }>(
      clickhouse,
      `SELECT count() AS n FROM analytics_events WHERE event_id = '${id}'`,
    );
    expect(Number(raw[0]?.n)).toBe(1);
    const sessions = await rows<{ total_page_views: number }>(
      clickhouse,
      `SELECT total_page_views FROM user_sessions WHERE session_id = '${sessionId}'`,
    );
    expect(sessions.map((s) => Number(s.total_page_views))).toEqual([1]);
  });

  describe('refuses bad input with a clear message and publishes nothing', () => {
    const valid = () => ({
      type: 'page_view',
      id: randomUUID(),
      sessionId: randomUUID(),
      at: Date.now(),
      path: '/',
    });

    it.each([
      ['a missing field', { events: [{ ...valid(), path: undefined }] }, /path/],
      [
        'a wrongly typed field',
        { events: [{ ...valid(), at: 'yesterday' }] },
        /at must be a time in milliseconds/,
      ],
      [
        'an unknown event type',
        { events: [{ ...valid(), type: 'mouse_move' }] },
        /type must be one of/,
      ],
      ['a bad id', { events: [{ ...valid(), id: 'not-a-uuid' }] }, /id must be a UUID/],
      ['no events', { events: [] }, /at least one event/],
      ['not an object', [1, 2, 3], /JSON object/],
      // Only what each type allows is stored, so the rest is refused.
      [
        'eventData with an e-mail address and an IP',
        {
          events: [
            {
              ...valid(),
              type: 'referral_requested',
              eventData: { email: 'jane@example.com', ip: '203.0.113.77' },
            },
          ],
        },
        /eventData\.email is not a field of referral_requested eventData.*eventData\.ip is not a field/,
      ],
      [
        'eventData on a type that has none',
        { events: [{ ...valid(), type: 'symptom_checker_started', eventData: { step: 1 } }] },
        /eventData is not a field of symptom_checker_started events/,
      ],
      [
        "a top condition that is not one of the spec's names",
        {
          events: [
            {
              ...valid(),
              type: 'diagnosis_received',
              topCondition: '\u0000\u00ff junk',
              diagnosisConfidence: 50,
            },
          ],
        },
        /topCondition must be one of: Carpal Tunnel Syndrome/,
      ],
    ])('%s → 400', async (_name, body, message) => {
      const response = await post(body);
      expect(response.status).toBe(400);
      const json = (await response.json()) as { message: string[] | string };
      expect(JSON.stringify(json.message)).toMatch(message);
    });

    it('non-JSON → 400', async () => {
      const response = await post('{"events": [', {});
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(
        'The request body is not valid JSON.',
      );
    });

    it('a body over 64 KB → 413', async () => {
      const big = { events: [{ ...valid(), referrer: 'x'.repeat(70 * 1024) }] };
      const response = await post(big);
      expect(response.status).toBe(413);
      expect(((await response.json()) as { message: string }).message).toMatch(/larger than 64 KB/);
    });

    it('none of the refused events reached ClickHouse', async () => {
      const id = randomUUID();
      expect((await post({ events: [{ ...valid(), id, path: 'no-slash' }] })).status).toBe(400);
      // A valid event sent afterwards arrives; the refused one never does.
      const marker = randomUUID();
      expect((await post({ events: [{ ...valid(), id: marker }] })).status).toBe(202);
      await eventually(async () => {
        const r = await rows(
          clickhouse,
          `SELECT 1 FROM analytics_events WHERE event_id = '${marker}'`,
        );
        return r.length > 0 ? true : undefined;
      });
      expect(
        await rows(clickhouse, `SELECT 1 FROM analytics_events WHERE event_id = '${id}'`),
      ).toEqual([]);
    });
  });
});
