// An open-loop load at a steady rate, for latency at a given request rate.
//
// autocannon's rate limit lets each connection send flat out until its share of
// the second is used up and then waits for the next second, so "2,000 requests/s"
// arrives as a burst at full speed every second and measures the burst. Here
// requests leave on an even schedule, and each latency is counted from when the
// request was due, not when it went out, so a slow server cannot hide its
// backlog (no coordinated omission).
import { Pool } from 'undici';

export interface PacedOptions {
  origin: string;
  path: string;
  rate: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
  body: (index: number) => string;
}

export interface PacedResult {
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const pool = new Pool(options.origin, { connections: options.connections, pipelining: 1 });
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let errors = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();

  const fire = (index: number) => {
    const due = started + index * intervalMs;
    const request = pool
      .request({
        path: options.path,
        method: 'POST',
        headers: options.headers,
        body: options.body(index),
      })
      .then(async (response) => {
        await response.body.dump();
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
        latencies.push(performance.now() - due);
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  await new Promise<void>((resolve) => {
    const tick = () => {
      const dueNow = Math.min(total, Math.floor((performance.now() - started) / intervalMs) + 1);
      while (sent < dueNow) fire(sent++);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    statuses,
    errors,
    achievedRate: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? 0,
  };
}
