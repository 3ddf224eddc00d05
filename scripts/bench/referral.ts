// npm run bench:referral [-- --rate 50 --seconds 10 --connections 8]
//
// POST /api/referrals at a steady rate, through the real pipeline of the test profile
// (`node scripts/supervisor.mjs start --profile test`: its referral service mails,
// Mailpit catches): the gateway's latency p50/p99, counted from when each request was due
// (paced-load.ts), and the time from each request to both of its mails in Mailpit.
//
// The per-client limit (5 referrals per 10 minutes) would refuse nearly all of this, so
// the bench starts a gateway of its own from the build (services/gateway/dist) with
// REFERRAL_RATE_LIMIT raised, on a spare port, against the test profile's Kafka.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { testInfra } from '@handcheck/server-kit/testing';
import { REPO, argument } from '../analytics/env';
import { pacedLoad } from './paced-load';

const PORT = 18_095;
const GATEWAY = `http://127.0.0.1:${PORT}`;
const PATH = '/api/referrals';

interface MailSummary {
  Created: string;
  Subject: string;
  To: Array<{ Address: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function startGateway(): ChildProcess {
  const infra = testInfra();
  return spawn(process.execPath, ['dist/main.js'], {
    cwd: join(REPO, 'services/gateway'),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      METRICS_PORT: '0',
      KAFKA_BROKERS: infra.kafkaBrokers,
      MONGO_URL: infra.mongoUrl,
      REFERRAL_RATE_LIMIT: '1000000',
    },
  });
}

async function waitUntilPublishing(tag: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${GATEWAY}${PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body(`${tag}-warmup`)),
      });
      if (res.status === 202) return;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  throw new Error(`${GATEWAY}${PATH} never accepted a referral: is the test profile's Kafka up?`);
}

function body(name: string) {
  return {
    patient_name: name,
    patient_email: `${name}@bench.test`,
    patient_location: 'Leeds, UK',
    top_conditions: ['Carpal Tunnel Syndrome', 'Trigger Finger', 'Ganglion Cyst'],
    key_symptoms: ['Pain in: Wrist', 'Numbness', 'Night pain'],
    additional_info: null,
  };
}

async function search(query: string): Promise<MailSummary[]> {
  const all: MailSummary[] = [];
  for (let start = 0; ; start += 500) {
    const res = await fetch(
      `${testInfra().mailpitUrl}/api/v1/search?start=${start}&limit=500&query=${encodeURIComponent(query)}`,
    );
    const text = await res.text();
    // Mailpit answers a plain-text error when its database is busy: ask again shortly.
    if (!res.ok || !text.startsWith('{')) {
      await sleep(500);
      start -= 500;
      continue;
    }
    const page = (JSON.parse(text) as { messages: MailSummary[] }).messages;
    all.push(...page);
    if (page.length < 500) return all;
  }
}

async function main(): Promise<void> {
  const rate = argument('rate', 50);
  const seconds = argument('seconds', 10);
  const connections = argument('connections', 8);
  const tag = `bench${Date.now().toString(36)}`;
  const gateway = startGateway();
  try {
    await waitUntilPublishing(tag);
    const sentAt = new Map<string, number>();
    console.log(
      `POST ${PATH} at an even ${rate} requests/s for ${seconds} s (${GATEWAY}, limit raised)`,
    );
    const result = await pacedLoad({
      origin: GATEWAY,
      path: PATH,
      rate,
      seconds,
      connections,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: (index) => {
        const name = `${tag}-${index}`;
        sentAt.set(name, Date.now());
        return JSON.stringify(body(name));
      },
    });
    console.log('\nbench:referral (gateway)');
    console.log(
      `  POST ${PATH} @${rate}/s  p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, max ${result.max.toFixed(1)} ms`,
    );
    console.log(
      `  ${Math.round(result.achievedRate)} req/s achieved, answers ${JSON.stringify(result.statuses)}, errors ${result.errors}`,
    );

    // Both mails of each referral: the patient's (to <name>@bench.test) and the
    // specialist's (its subject names the patient).
    const expected = sentAt.size;
    const deadline = Date.now() + 180_000;
    let patient: MailSummary[] = [];
    let specialist: MailSummary[] = [];
    while (Date.now() < deadline) {
      patient = (await search(`to:@bench.test ${tag}`)).filter((m) =>
        m.To[0]?.Address.startsWith(`${tag}-`),
      );
      specialist = (await search(`subject:"Referral request: ${tag}-"`)).filter((m) =>
        m.Subject.includes(`${tag}-`),
      );
      if (patient.length >= expected + 1 && specialist.length >= expected + 1) break;
      await sleep(1000);
    }
    const arrived = new Map<string, number[]>();
    const note = (name: string | undefined, created: string) => {
      if (!name || !sentAt.has(name)) return;
      arrived.set(name, [...(arrived.get(name) ?? []), Date.parse(created)]);
    };
    for (const mail of patient) note(mail.To[0]?.Address.split('@')[0], mail.Created);
    for (const mail of specialist)
      note(/Referral request: (\S+),/.exec(mail.Subject)?.[1], mail.Created);
    const times = [...arrived.entries()]
      .filter(([, stamps]) => stamps.length >= 2)
      .map(([name, stamps]) => Math.max(...stamps) - sentAt.get(name)!)
      .sort((a, b) => a - b);
    const duplicates = [...arrived.values()].filter((stamps) => stamps.length > 2).length;
    console.log('\nbench:referral (request → both mails in Mailpit)');
    console.log(
      `  ${times.length} of ${expected} referrals with both mails; p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms; referrals with more than two mails: ${duplicates}`,
    );
    if (times.length < expected || duplicates > 0 || result.errors > 0) process.exitCode = 1;
  } finally {
    gateway.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
