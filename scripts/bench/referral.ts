// npm run bench:referral [-- --rate 50 --seconds 10 --warmup 5 --connections 8]
//
// POST /api/referrals at a steady rate, through the real pipeline against the test
// profile's engines (`deploy/infra.sh start --profile test`: Kafka, FerretDB, Mailpit
// catching the mail): the gateway's latency p50/p99 and the time from each request to
// both of its mails in Mailpit, both counted from when the request was due
// (paced-load.ts), so a backlog anywhere shows.
//
// Isolated, so runs are repeatable and nothing else pollutes them: the bench creates a
// fresh referral topic (with its .dlq, partitioned as the real one) and starts its own
// gateway and its own referral service from the build (services/*/dist: run
// `npm run build:server` first) on spare ports, both pointed at that topic, with a fresh
// consumer group and a MongoDB database of its own, and a Mailpit of its own (the one
// deploy/ installs, on spare ports, with an empty store in a temporary folder): the shared
// test Mailpit keeps up to 5,000 mails from earlier runs, and with a few thousand stored it
// takes seconds longer to accept each one, which measured Mailpit rather than our pipeline
// (a real relay does not slow down with its history). The gateway's per-client limit
// (5 referrals per 10 minutes) would refuse nearly all of this, so it is raised.
// The measured run follows a warm-up at the same rate (--warmup seconds, mailed before
// the run starts): a service that has just started runs its code cold for its first few
// hundred referrals, which a service in production has long behind it. What the warm-up
// took is printed too, as the cold start's figure. At the
// end everything is stopped, and the topics, the database and the Mailpit store deleted.
// BENCH_NODE_ARGS adds Node options to the referral service, e.g. to profile it:
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/referral-profile" npm run bench:referral
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sparePort, stop } from './child-process';
import { TOPICS, TOPIC_PARTITIONS } from '@handcheck/contracts';
import {
  TEST_INTERNAL_GRPC_TOKEN,
  createKafka,
  ensureTopics,
  testInfra,
} from '@handcheck/server-kit/testing';
import mongoose from 'mongoose';
import { REPO, commandOptions } from '../analytics/env';
import { pacedLoad } from './paced-load';

const PATH = '/api/referrals';
/** The most the time from a request to both of its mails may take, at p99. */
const TARGET_P99_MS = 2000;

interface MailSummary {
  Created: string;
  Subject: string;
  To: Array<{ Address: string }>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Each request from a visitor of its own (X-Forwarded-For through a trusted local proxy), as
 * referrals arrive: the limit counts each client in MongoDB, one client at a time per gateway,
 * so one address at 50/s would measure that queue rather than the pipeline.
 */
const visitorAddress = (index: number) => ({
  'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
});
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The test MongoDB with a database of the bench's own. */
function mongoUrl(database: string): string {
  const url = new URL(testInfra().mongoUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

function nodeArgs(name: 'gateway' | 'referral'): string[] {
  const extra = process.env.BENCH_NODE_ARGS?.trim();
  return name === 'referral' && extra ? extra.split(/\s+/) : [];
}

/** A built service (services/<name>/dist/main.js) as the supervisor runs it, with these settings. */
function startService(name: 'gateway' | 'referral', env: Record<string, string>): ChildProcess {
  const infra = testInfra();
  const child = spawn(process.execPath, [...nodeArgs(name), 'dist/main.js'], {
    cwd: join(REPO, 'services', name),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      KAFKA_BROKERS: infra.kafkaBrokers,
      // Both processes share one credential, so the gateway's gRPC calls are the referral's own.
      INTERNAL_GRPC_TOKEN: TEST_INTERNAL_GRPC_TOKEN,
      ...env,
    },
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM') console.error(`${name} exited (${code ?? signal})`);
  });
  return child;
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch {
      // not there yet
    }
    await sleep(250);
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`);
}

/** The Mailpit binary `deploy/infra.sh install` put in the cache (its version is mail.sh's). */
function mailpitBinary(): string {
  const version = /MAILPIT_VERSION:-v([\d.]+)/.exec(
    readFileSync(join(REPO, 'deploy/engines/mail.sh'), 'utf8'),
  )?.[1];
  const cache = process.env.HANDCHECK_CACHE ?? join(homedir(), '.cache/handcheck');
  const binary = join(cache, `mailpit-${version}`, 'mailpit');
  if (!version || !existsSync(binary))
    throw new Error(`${binary} is missing: run \`bash deploy/infra.sh install\` first`);
  return binary;
}

interface BenchMailpit {
  smtpPort: number;
  url: string;
  stop(): Promise<void>;
}

/** A Mailpit of the bench's own, as deploy/engines/mail.sh starts one, with an empty store. */
async function startMailpit(): Promise<BenchMailpit> {
  const folder = await mkdtemp(join(tmpdir(), 'bench-referral-mailpit-'));
  const [smtpPort, httpPort] = [await sparePort(), await sparePort()];
  const child = spawn(
    mailpitBinary(),
    [
      `--database=${join(folder, 'mailpit.db')}`,
      `--smtp=127.0.0.1:${smtpPort}`,
      `--listen=127.0.0.1:${httpPort}`,
      '--smtp-auth-accept-any',
      '--smtp-auth-allow-insecure',
      '--smtp-disable-rdns',
      '--disable-version-check',
      '--block-remote-css-and-fonts',
      '--quiet',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${httpPort}`;
  const mailpit = {
    smtpPort,
    url,
    async stop() {
      await stop(child);
      await rm(folder, { recursive: true, force: true });
    },
  };
  try {
    await waitUntil(
      'the bench Mailpit did not start',
      async () => (await fetch(`${url}/api/v1/info`)).ok,
    );
  } catch (error) {
    await mailpit.stop();
    throw error;
  }
  return mailpit;
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

async function search(mailpitUrl: string, query: string): Promise<MailSummary[]> {
  const all: MailSummary[] = [];
  for (let start = 0; ; start += 500) {
    const res = await fetch(
      `${mailpitUrl}/api/v1/search?start=${start}&limit=500&query=${encodeURIComponent(query)}`,
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

/** The bench's mails, by kind: the patient's (to <tag>-<n>@bench.test) and the specialist's (to the bench's inbox). */
async function benchMails(mailpitUrl: string, tag: string, inbox: string) {
  const patient = (await search(mailpitUrl, `to:@bench.test ${tag}`)).filter((m) =>
    m.To[0]?.Address.startsWith(`${tag}-`),
  );
  const specialist = (await search(mailpitUrl, `to:"${inbox}"`)).filter((m) =>
    m.Subject.includes(`${tag}-`),
  );
  return { patient, specialist };
}

/**
 * When each referral's mails arrived (by its name: the patient mail's address, the
 * specialist mail's subject), and the sorted times from each one's due time to its
 * second mail.
 */
function bothMailsAfter(
  mails: { patient: MailSummary[]; specialist: MailSummary[] },
  dueAt: Map<string, number>,
) {
  const arrived = new Map<string, number[]>();
  const note = (name: string | undefined, created: string) => {
    if (!name || !dueAt.has(name)) return;
    arrived.set(name, [...(arrived.get(name) ?? []), Date.parse(created)]);
  };
  for (const mail of mails.patient) note(mail.To[0]?.Address.split('@')[0], mail.Created);
  for (const mail of mails.specialist)
    note(/Referral request: (\S+),/.exec(mail.Subject)?.[1], mail.Created);
  const times = [...arrived.entries()]
    .filter(([, stamps]) => stamps.length >= 2)
    .map(([name, stamps]) => Math.max(...stamps) - dueAt.get(name)!)
    .sort((a, b) => a - b);
  return { arrived, times };
}

async function main(): Promise<void> {
  const {
    rate,
    seconds,
    connections,
    warmup: warmupSeconds,
  } = commandOptions({
    rate: 50,
    seconds: 10,
    connections: 8,
    warmup: 5,
  });
  const tag = `bench${Date.now().toString(36)}`;
  const topic = `${TOPICS.referralsRequested}.${tag}`;
  const deadLetters = `${topic}.dlq`;
  const partitions = TOPIC_PARTITIONS[TOPICS.referralsRequested];
  const database = `referral_${tag}`;
  const inbox = `${tag}.inbox@handcheck.test`;
  const infra = testInfra();

  const kafka = createKafka({ clientId: tag, brokers: [infra.kafkaBrokers] });
  const admin = kafka.admin();
  await admin.connect();
  await ensureTopics(admin, [
    { topic, partitions },
    { topic: deadLetters, partitions: 1 },
  ]);

  const mailpit = await startMailpit();
  const [gatewayPort, referralPort] = [await sparePort(), await sparePort()];
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const referral = startService('referral', {
    PORT: String(referralPort),
    MONGO_URL: mongoUrl(database),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mailpit.smtpPort),
    REFERRAL_TOPIC: topic,
    REFERRAL_CONSUMER_GROUP: `referral-${tag}`,
    REFERRAL_INBOX: inbox,
  });
  const gateway = startService('gateway', {
    PORT: String(gatewayPort),
    METRICS_PORT: '0',
    MONGO_URL: infra.mongoUrl,
    REFERRAL_TOPIC: topic,
    REFERRAL_RATE_LIMIT: '1000000',
    TRUSTED_PROXIES: '127.0.0.1',
  });
  try {
    await waitUntil(
      'the referral service was not ready (is the build there and the test profile up?)',
      async () => (await fetch(`http://127.0.0.1:${referralPort}/health/ready`)).ok,
    );
    // One referral through the whole pipeline first: the gateway publishes, and the
    // referral service has joined its group and mails.
    const warmup = `${tag}-warmup`;
    await waitUntil(
      `${gatewayUrl}${PATH} never accepted a referral: is the test profile's Kafka up?`,
      async () =>
        (
          await fetch(`${gatewayUrl}${PATH}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body(warmup)),
          })
        ).status === 202,
    );
    await waitUntil('the warm-up referral was not mailed', async () => {
      const { patient, specialist } = await benchMails(mailpit.url, tag, inbox);
      return patient.length > 0 && specialist.length > 0;
    });

    // The same load for a few seconds first, mailed before the measured run (see above).
    let warmupCount = 0;
    const warmDue = new Map<string, number>();
    let warmStart = 0;
    if (warmupSeconds > 0) {
      const warm = await pacedLoad({
        origin: gatewayUrl,
        path: PATH,
        rate,
        seconds: warmupSeconds,
        connections,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        headersOf: visitorAddress,
        body: (index) => {
          if (index === 0) warmStart = Date.now();
          warmDue.set(`${tag}-warm${index}`, warmStart + (index * 1000) / rate);
          return JSON.stringify(body(`${tag}-warm${index}`));
        },
      });
      warmupCount = warm.sent;
      await waitUntil('the warm-up referrals were not all mailed', async () => {
        const { patient, specialist } = await benchMails(mailpit.url, tag, inbox);
        return patient.length > warmupCount && specialist.length > warmupCount;
      });
      const cold = bothMailsAfter(await benchMails(mailpit.url, tag, inbox), warmDue).times;
      console.log(
        `warm-up (a service just started: cold): ${warmupCount} referrals at ${rate}/s; gateway p99 ${warm.p99.toFixed(0)} ms; request → both mails p50 ${percentile(cold, 50).toFixed(0)} ms, p99 ${percentile(cold, 99).toFixed(0)} ms`,
      );
    }

    // Each request's due time, as paced-load.ts counts the gateway's latency: it builds
    // every request before it starts, so request i is due i intervals after that (a few
    // milliseconds of connecting later, which only counts against us).
    const dueAt = new Map<string, number>();
    let start = 0;
    console.log(
      `POST ${PATH} at an even ${rate} requests/s for ${seconds} s (own gateway and referral service, topic ${topic} with ${partitions} partition(s))`,
    );
    const result = await pacedLoad({
      origin: gatewayUrl,
      path: PATH,
      rate,
      seconds,
      connections,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      headersOf: visitorAddress,
      body: (index) => {
        const name = `${tag}-${index}`;
        if (index === 0) start = Date.now();
        dueAt.set(name, start + (index * 1000) / rate);
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

    // Both mails of each referral (the warm-up's too).
    const expected = dueAt.size;
    const warmed = warmupCount + 1;
    const deadline = Date.now() + 180_000;
    let mails = await benchMails(mailpit.url, tag, inbox);
    while (Date.now() < deadline) {
      if (mails.patient.length >= expected + warmed && mails.specialist.length >= expected + warmed)
        break;
      await sleep(1000);
      mails = await benchMails(mailpit.url, tag, inbox);
    }
    // Anything sent twice would have arrived by now.
    await sleep(2000);
    mails = await benchMails(mailpit.url, tag, inbox);
    const { arrived, times } = bothMailsAfter(mails, dueAt);
    const duplicates = [...arrived.values()].filter((stamps) => stamps.length > 2).length;
    const dlq = await admin.fetchTopicOffsets(deadLetters);
    const deadLettered = dlq.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
    // What the referral service recorded, in one read: every referral (the warm-ups' too)
    // `sent`, and where each one's time went: due → picked up and stored (gateway, Kafka and
    // the consumer's queue), and stored → marked sent (both mails accepted by the relay).
    const db = await mongoose.createConnection(mongoUrl(database)).asPromise();
    const stored: Record<string, number> = {};
    const stages = { queued: [] as number[], mailing: [] as number[] };
    for await (const row of db
      .collection<{
        status: string;
        patient_name: string | null;
        created_at: Date;
        sent_at: Date | null;
      }>('referrals')
      .find({}, { projection: { status: 1, patient_name: 1, created_at: 1, sent_at: 1 } })) {
      stored[row.status] = (stored[row.status] ?? 0) + 1;
      const due = row.patient_name ? dueAt.get(row.patient_name) : undefined;
      if (due === undefined || !row.sent_at) continue;
      stages.queued.push(row.created_at.getTime() - due);
      stages.mailing.push(row.sent_at.getTime() - row.created_at.getTime());
    }
    await db.close();
    console.log('\nbench:referral (request → both mails in Mailpit)');
    console.log(
      `  ${times.length} of ${expected} referrals with both mails; p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, max ${(times.at(-1) ?? NaN).toFixed(0)} ms; referrals with more than two mails: ${duplicates}; dead-lettered: ${deadLettered}; stored ${JSON.stringify(stored)}`,
    );
    const spread = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`;
    };
    console.log(
      `  of which request → stored by the referral service ${spread(stages.queued)}; stored → both mails accepted ${spread(stages.mailing)}`,
    );
    // Where in the run the slow ones were: a backlog builds up, a stall is a burst.
    const slowest: number[] = [];
    for (const [name, stamps] of arrived) {
      if (stamps.length < 2) continue;
      const second = Math.floor((dueAt.get(name)! - start) / 1000);
      slowest[second] = Math.max(slowest[second] ?? 0, Math.max(...stamps) - dueAt.get(name)!);
    }
    console.log(
      `  slowest per second of the run: ${Array.from(slowest, (ms, second) => `${second}s ${Math.round(ms ?? 0)}`).join(', ')} (ms)`,
    );
    const p99 = percentile(times, 99);
    console.log(
      `  target: request → both mails p99 under ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
    );
    if (
      p99 >= TARGET_P99_MS ||
      times.length < expected ||
      duplicates > 0 ||
      deadLettered > 0 ||
      result.errors > 0 ||
      stored.sent !== expected + warmed
    ) {
      process.exitCode = 1;
    }
  } finally {
    await Promise.all([stop(gateway), stop(referral)]);
    await admin.deleteTopics({ topics: [topic, deadLetters] }).catch(() => undefined);
    await admin.disconnect();
    const db = await mongoose.createConnection(mongoUrl(database)).asPromise();
    await db.dropDatabase().catch(() => undefined);
    await db.close();
    await mailpit.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
