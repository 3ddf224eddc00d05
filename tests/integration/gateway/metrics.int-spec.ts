import { randomUUID } from 'node:crypto';
import { SERVICES, SERVICE_NAMES } from '@handcheck/service-registry';
import { eventually } from '@handcheck/server-kit/testing';
import { type Running, allServicesForTests, startGateway } from '../../support/apps';
import { pageView, postEvents } from '../../support/events';

jest.setTimeout(120_000);

/** One sample line of the Prometheus text format: name{labels} value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

async function scrape(running: Running<object>): Promise<Sample[]> {
  const response = await fetch(running.metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/);
  return parse(await response.text());
}

const total = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);

const has = (samples: Sample[], name: string) => samples.some((s) => s.name === name);

describe('/metrics on every service', () => {
  const running = allServicesForTests();

  it('serves process defaults and HTTP timings by route and status on each service', async () => {
    for (const service of SERVICE_NAMES) {
      await fetch(`${running[service].url}${SERVICES[service].health.ready}`);
      const samples = await scrape(running[service]);
      expect({ service, cpu: total(samples, 'process_cpu_user_seconds_total') > 0 }).toEqual({
        service,
        cpu: true,
      });
      expect(has(samples, 'nodejs_heap_size_used_bytes')).toBe(true);
      const timed = total(samples, 'http_request_duration_seconds_count', {
        route: SERVICES[service].health.ready,
        method: 'GET',
      });
      expect({ service, timed }).toEqual({ service, timed: expect.any(Number) });
      expect(timed).toBeGreaterThan(0);
      expect(samples.find((s) => s.name === 'process_cpu_user_seconds_total')?.labels.service).toBe(
        service,
      );
    }
  });

  it('keeps the gateway metrics off its public port', async () => {
    const response = await fetch(`${running.gateway.url}/metrics`);
    expect(response.status).toBe(404);
    expect(new URL(running.gateway.metricsUrl).port).not.toBe(new URL(running.gateway.url).port);
  });

  it('counts analytics through the gateway buffer and ingestion into ClickHouse, with consumer lag', async () => {
    const sessionId = randomUUID();
    const before = await scrape(running.ingestion);
    const answer = await postEvents(running.gateway.url, [
      pageView(sessionId, '/'),
      pageView(sessionId, '/faq'),
    ]);
    expect(answer.status).toBe(202);

    const gateway = await scrape(running.gateway);
    expect(total(gateway, 'gateway_events_accepted_total')).toBe(2);
    expect(
      total(gateway, 'http_request_duration_seconds_count', {
        route: '/api/events',
        status: '202',
      }),
    ).toBe(1);
    expect(has(gateway, 'gateway_producer_buffered_events')).toBe(true);
    expect(total(gateway, 'gateway_producer_buffer_capacity_events')).toBeGreaterThan(0);

    // Other spec files share these services and send events of their own, so
    // counters seen before ours were consumed prove nothing: wait for the rise.
    const grew = (samples: Sample[], name: string) => total(samples, name) - total(before, name);
    const ingestion = await eventually(
      async () => {
        const samples = await scrape(running.ingestion);
        const stored =
          grew(samples, 'ingestion_rows_inserted_total') >= 2 &&
          grew(samples, 'ingestion_batch_events_sum') >= 2;
        return stored ? samples : undefined;
      },
      30_000,
      250,
    );
    expect(grew(ingestion, 'ingestion_insert_duration_seconds_count')).toBeGreaterThan(0);
    expect(grew(ingestion, 'ingestion_batch_events_count')).toBeGreaterThan(0);
    expect(grew(ingestion, 'kafka_consumer_batch_messages_count')).toBeGreaterThan(0);
    const lag = ingestion.filter((s) => s.name === 'kafka_consumer_lag');
    expect(lag.length).toBeGreaterThan(0);
    for (const sample of lag) {
      expect(sample.labels).toEqual(
        expect.objectContaining({
          topic: 'analytics.event-batches.v1',
          partition: expect.stringMatching(/^\d+$/),
        }),
      );
    }
  });

  it('counts the events the gateway refuses when its buffer is full', async () => {
    // Nothing listens on port 1: Kafka never takes anything, so the buffer fills.
    const cut = await startGateway({ KAFKA_BROKERS: '127.0.0.1:1', PRODUCER_MAX_BUFFERED: '100' });
    try {
      const events = Array.from({ length: 60 }, () => pageView(randomUUID(), '/'));
      expect((await postEvents(cut.url, events)).status).toBe(202);
      expect((await postEvents(cut.url, events)).status).toBe(503);
      const samples = await scrape(cut);
      expect(total(samples, 'gateway_events_refused_total', { reason: 'buffer_full' })).toBe(60);
      expect(total(samples, 'gateway_producer_buffered_events')).toBe(60);
      // Ready all the same: the site serves without Kafka.
      expect((await fetch(`${cut.url}${SERVICES.gateway.health.ready}`)).status).toBe(200);
    } finally {
      await cut.close();
    }
  });
});
