import { randomUUID } from 'node:crypto';
import { type ClickHouseClient } from '@clickhouse/client';
import { sqlString } from '@handcheck/server-kit';
import { eventually } from '@handcheck/server-kit/testing';
import { type Running, startGateway, startIngestion } from '../../support/apps';
import { dropDatabase, rows, testClickHouse } from '../../support/clickhouse';
import { type GatewayEnv } from '../../../services/gateway/src/config/gateway.env';
import { type IngestionEnv } from '../../../services/ingestion/src/config/ingestion.env';

jest.setTimeout(60_000);

const UK_IP = '81.2.69.160'; // Bracknell, GB in the bundled GeoLite2 city database
const US_IP = '8.8.8.8';

describe('client location: derived from the IP, the IP itself never stored', () => {
  let ingestion: Running<IngestionEnv>;
  let trusting: Running<GatewayEnv>;
  let untrusting: Running<GatewayEnv>;
  let clickhouse: ClickHouseClient;

  beforeAll(async () => {
    ingestion = await startIngestion();
    trusting = await startGateway({ TRUSTED_PROXIES: '127.0.0.1' });
    untrusting = await startGateway();
    clickhouse = testClickHouse(ingestion.env.CLICKHOUSE_DATABASE);
  });

  afterAll(async () => {
    await trusting?.close();
    await untrusting?.close();
    await ingestion?.close();
    await clickhouse?.close();
    if (ingestion) await dropDatabase(ingestion.env.CLICKHOUSE_DATABASE);
  });

  async function startSession(gateway: Running<GatewayEnv>, forwardedFor: string) {
    const sessionId = randomUUID();
    const response = await fetch(`${gateway.url}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({
        events: [
          {
            type: 'session_start',
            id: randomUUID(),
            sessionId,
            at: Date.now(),
            path: '/faq',
            referrer: 'https://www.nhs.uk/',
          },
        ],
      }),
    });
    expect(response.status).toBe(202);
    return eventually(async () => {
      const found = await rows<Record<string, unknown>>(
        clickhouse,
        `SELECT * FROM user_sessions WHERE session_id = ${sqlString(sessionId)}`,
      );
      return found[0];
    });
  }

  it('behind a trusted proxy, X-Forwarded-For gives country and city, GB marks a UK user', async () => {
    const session = await startSession(trusting, UK_IP);
    expect(session).toMatchObject({
      country: 'United Kingdom',
      city: 'Bracknell',
      is_uk_user: 1,
      ip_address: null,
      landing_page: '/faq',
      referrer: 'https://www.nhs.uk/',
    });
    const us = await startSession(trusting, US_IP);
    expect(us).toMatchObject({ country: 'United States', is_uk_user: 0 });
  });

  it('from an untrusted peer, X-Forwarded-For is ignored', async () => {
    const session = await startSession(untrusting, UK_IP);
    expect(session).toMatchObject({ country: '', city: '', is_uk_user: 0 });
  });

  it('no table holds the address anywhere', async () => {
    // Sessions of its own from that address, so the search below has rows to look through
    // whichever tests ran before it.
    await startSession(trusting, UK_IP);
    await startSession(untrusting, UK_IP);
    for (const table of [
      'analytics_events',
      'session_facts',
      'site_visits',
      'symptom_checker_completions',
      'broken_links',
    ]) {
      const columns = await rows<{ name: string; type: string }>(
        clickhouse,
        `DESCRIBE TABLE ${table}`,
      );
      const text = columns
        .filter((c) => c.type.includes('String'))
        .map((c) => `toString(${c.name})`);
      const hits = await rows<{ n: number }>(
        clickhouse,
        `SELECT count() AS n FROM ${table} WHERE ${text.map((t) => `position(${t}, ${sqlString(UK_IP)}) > 0`).join(' OR ')}`,
      );
      expect({ table, n: Number(hits[0]?.n) }).toEqual({ table, n: 0 });
    }
  });
});
