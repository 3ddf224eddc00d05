// npm run bench:event-writer [-- --events 10 --rounds 200000]
//
// CPU per analytics batch message, written as the gateway writes it (compileMessageWriter)
// and by @bufbuild/protobuf's toBinary, in the same process, alternating, so both see the
// same machine. The events are page views as bench:intake sends them, turned into
// AnalyticsEvents as the gateway turns them (user agent, times, storable texts).
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  type AnalyticsEvent,
  AnalyticsEventBatchSchema,
  eventBatchMessage,
  toBinary,
} from '@handcheck/contracts';
import { toAnalyticsEvent } from '../../services/gateway/src/events/to-analytics-event';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '200000' },
  },
});
const size = Number(values.events);
const rounds = Number(values.rounds);

const context = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
  receivedAtMs: Date.now(),
  location: { country: '', city: '', countryCode: '' },
};
const batches: AnalyticsEvent[][] = Array.from({ length: 1024 }, (_, k) =>
  Array.from({ length: size }, (_, i) =>
    toAnalyticsEvent(
      {
        type: 'page_view',
        id: randomUUID(),
        sessionId: `session-${k}`,
        at: Date.now(),
        path: i % 2 ? '/conditions/trigger-finger' : '/',
      },
      context,
    ),
  ),
);

const writers = {
  compiled: (events: AnalyticsEvent[]) => eventBatchMessage(events).value,
  toBinary: (events: AnalyticsEvent[]) =>
    toBinary(AnalyticsEventBatchSchema, {
      $typeName: 'handcheck.analytics.v1.AnalyticsEventBatch',
      events,
    }),
};

function cpuPerMessage(write: (events: AnalyticsEvent[]) => Uint8Array, count: number): number {
  const start = process.cpuUsage();
  let bytes = 0;
  for (let i = 0; i < count; i++) bytes += write(batches[i & 1023]!).length;
  const used = process.cpuUsage(start);
  if (bytes === 0) throw new Error('nothing written');
  return (used.user + used.system) / count;
}

for (const write of Object.values(writers)) cpuPerMessage(write, 20_000); // warm-up
const samples: Record<keyof typeof writers, number[]> = { compiled: [], toBinary: [] };
for (let round = 0; round < 5; round++) {
  for (const [name, write] of Object.entries(writers)) {
    samples[name as keyof typeof writers].push(cpuPerMessage(write, rounds / 5));
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const compiled = median(samples.compiled);
const library = median(samples.toBinary);
console.log(`bench:event-writer: ${size}-event batches, ${rounds} of each, median of 5 rounds`);
console.log(`  compileMessageWriter  ${compiled.toFixed(2)} µs CPU per message`);
console.log(`  toBinary              ${library.toFixed(2)} µs CPU per message`);
console.log(`  toBinary ÷ compiled   ${(library / compiled).toFixed(2)}`);
