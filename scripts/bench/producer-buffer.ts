// npm run bench:producer-buffer
//
// Fills the gateway's producer buffer (BatchingProducer with the gateway's
// default bounds) with the largest requests the intake accepts, mapped exactly
// as the gateway maps them, while "Kafka" never answers (an outage), and prints
// what the buffer holds when it refuses: events, bytes as it counts them, and
// the process memory that holding them costs (heap + buffers, after GC).
// Needs no engines.
import { randomUUID } from 'node:crypto';
import {
  type BrowserEvent,
  MAX_PATH_LENGTH,
  TOPICS,
  eventBatchMessage,
  parseEventBatch,
} from '@handcheck/contracts';
import { BatchingProducer, ProducerBufferFullError } from '@handcheck/server-kit';
import { GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { EVENTS_BODY_LIMIT } from '../../services/gateway/src/events/events-route';
import { toAnalyticsEvent } from '../../services/gateway/src/events/to-analytics-event';

const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
};
const MiB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/**
 * The largest event the contract takes: a broken_link, whose three paths (path, referrer,
 * requestedPath) are each at their limit; it maps to about 6.5 kB of protobuf, more than any
 * other type at its limits (referral_requested and checker_completion about 4.6 kB). Typed by
 * the contract, so a field it no longer allows fails to compile, and largestRequest checks
 * the batch with the intake's own parser.
 */
export function largestEvent(): BrowserEvent {
  return {
    type: 'broken_link',
    id: randomUUID(),
    sessionId: 's'.repeat(64),
    at: Date.now(),
    path: `/${'p'.repeat(MAX_PATH_LENGTH - 1)}`,
    referrer: `/${'r'.repeat(MAX_PATH_LENGTH - 1)}`,
    requestedPath: `/${'q'.repeat(MAX_PATH_LENGTH - 1)}`,
  };
}

/** As many of them as fit a request body under the intake's limit. */
export function largestRequest(): BrowserEvent[] {
  const limit = 64 * 1024;
  const events: BrowserEvent[] = [];
  while (JSON.stringify({ events: [...events, largestEvent()] }).length <= limit) {
    events.push(largestEvent());
  }
  const parsed = parseEventBatch(JSON.parse(JSON.stringify({ events })));
  if (!parsed.ok) throw new Error(`not accepted: ${parsed.problems.join(' ')}`);
  return parsed.events;
}

function main(): void {
  const env = new GatewayEnv();
  const never = { sendBatch: () => new Promise(() => undefined) } as never;
  const batching = new BatchingProducer(never, {
    lingerMs: env.PRODUCER_LINGER_MS,
    maxBatchSize: 1000,
    maxBuffered: env.PRODUCER_MAX_BUFFERED,
    maxBufferedBytes: env.PRODUCER_MAX_BUFFERED_BYTES,
  });
  const context = {
    userAgent: 'U'.repeat(512),
    receivedAtMs: Date.now(),
    location: { country: 'United Kingdom', city: 'Leeds', countryCode: 'GB' },
  };
  const perRequest = largestRequest().length;
  const before = memory();
  let requests = 0;
  for (;;) {
    const events = largestRequest();
    const message = eventBatchMessage(events.map((e) => toAnalyticsEvent(e, context)));
    try {
      batching.send(TOPICS.analyticsEventBatches, [message], events.length);
      requests += 1;
    } catch (error) {
      if (error instanceof ProducerBufferFullError) break;
      throw error;
    }
  }
  const held = memory() - before;
  console.log(
    `producer buffer at its limit (body limit ${EVENTS_BODY_LIMIT}, ${perRequest} largest events per request):`,
  );
  console.log(
    `  limits        ${env.PRODUCER_MAX_BUFFERED} events, ${MiB(env.PRODUCER_MAX_BUFFERED_BYTES)}`,
  );
  console.log(
    `  held          ${requests} requests, ${batching.buffered} events, ${MiB(batching.bufferedBytes)} as counted`,
  );
  console.log(
    `  process memory for it ${MiB(held)} (heap + external, after GC${gc ? '' : ' — run with --expose-gc for exact figures'})`,
  );
  process.exit(0);
}

// Run as a script, not when a test imports the events it builds.
if (require.main === module) main();
