import {
  ReferralRequestedSchema,
  TOPICS,
  TOPIC_PARTITIONS,
  create,
  timestampFromDate,
  toBinary,
} from '@handcheck/contracts';
import {
  type Kafka,
  createKafka,
  ensureTopics,
  eventually,
  testInfra,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { randomUUID } from 'node:crypto';

// Referral tests publish to a topic of their own (REFERRAL_TOPIC), so neither the
// supervisor-run referral service nor another test ever mails their referrals.

export function testKafka(): Kafka {
  return createKafka({
    clientId: uniqueName('referral-test'),
    brokers: [testInfra().kafkaBrokers],
  });
}

/** Creates the topics now, as the services create theirs (ensureTopics), through an admin of its own. */
export async function createTopics(
  kafka: Kafka,
  topics: Parameters<typeof ensureTopics>[1],
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await ensureTopics(admin, topics);
  } finally {
    await admin.disconnect();
  }
}

/** A fresh referral topic (partitioned as the real one) and its dead-letter twin, created now. */
export async function referralTopic(kafka: Kafka): Promise<string> {
  const topic = uniqueName('referrals.requested.v1.test');
  await createTopics(kafka, [
    { topic, partitions: TOPIC_PARTITIONS[TOPICS.referralsRequested] },
    { topic: `${topic}.dlq`, partitions: 1 },
  ]);
  return topic;
}

/** The test MongoDB with a database of this test's own. */
export function mongoUrl(database: string): string {
  const url = new URL(testInfra().mongoUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export const patientAddress = () => `${uniqueName('patient')}@example.test`;

export function referralBody(overrides: Record<string, unknown> = {}) {
  return {
    patient_name: 'Sam Taylor',
    patient_email: patientAddress(),
    patient_location: 'Leeds, UK',
    top_conditions: ['Carpal Tunnel Syndrome', 'Trigger Finger', 'Ganglion Cyst'],
    key_symptoms: ['Pain in: Wrist', 'Numbness', 'Night pain'],
    additional_info: 'Worse in the morning',
    ...overrides,
  };
}

export async function postReferral(
  gatewayUrl: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return postReferralBytes(gatewayUrl, JSON.stringify(body), headers);
}

/** The same with the body's bytes as given (a JSON text, or bytes that may not be UTF-8). */
export async function postReferralBytes(
  gatewayUrl: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
) {
  const res = await fetch(`${gatewayUrl}/api/referrals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { success: boolean; error: string | null; id?: string } & Record<
      string,
      unknown
    >,
  };
}

/** A ReferralRequested as the gateway makes it, for publishing straight to the topic. */
export function referralMessage(patientEmail: string, id: string = randomUUID()): Buffer {
  return Buffer.from(
    toBinary(
      ReferralRequestedSchema,
      create(ReferralRequestedSchema, {
        id,
        requestedAt: timestampFromDate(new Date()),
        patientEmail,
        patientLocation: 'Boston, US',
        // One of the checker's condition names: the consumer refuses any other.
        topConditions: ['Tennis Elbow (Lateral Epicondylitis)'],
        keySymptoms: ['Pain in: Elbow'],
      }),
    ),
  );
}

export async function publish(
  kafka: Kafka,
  topic: string,
  messages: Array<{ key?: string; value: Buffer }>,
): Promise<void> {
  const producer = kafka.producer();
  await producer.connect();
  try {
    await producer.send({ topic, messages, acks: -1 });
  } finally {
    await producer.disconnect();
  }
}

export interface MailSummary {
  ID: string;
  MessageID: string;
  Subject: string;
  To: Array<{ Address: string }>;
}

export interface MailMessage extends MailSummary {
  Text: string;
  HTML: string;
  ReplyTo: Array<{ Address: string }>;
}

/** Mail Mailpit holds for this recipient (read through its API). */
export async function mailsTo(address: string): Promise<MailSummary[]> {
  const res = await fetch(
    `${testInfra().mailpitUrl}/api/v1/search?limit=200&query=${encodeURIComponent(`to:"${address}"`)}`,
  );
  if (!res.ok) throw new Error(`Mailpit answered ${res.status}`);
  return ((await res.json()) as { messages: MailSummary[] }).messages;
}

export async function mailMessage(id: string): Promise<MailMessage> {
  const res = await fetch(`${testInfra().mailpitUrl}/api/v1/message/${id}`);
  if (!res.ok) throw new Error(`Mailpit answered ${res.status}`);
  return (await res.json()) as MailMessage;
}

/** Waits for the one mail with this Message-ID (ours are made from the referral id). */
export function mailWithMessageId(messageId: string, timeoutMs = 30_000): Promise<MailSummary> {
  return eventually(
    async () => {
      const res = await fetch(
        `${testInfra().mailpitUrl}/api/v1/search?limit=5&query=${encodeURIComponent(`message-id:"${messageId}"`)}`,
      );
      if (!res.ok) throw new Error(`Mailpit answered ${res.status}`);
      const { messages } = (await res.json()) as { messages: MailSummary[] };
      return messages.find((mail) => mail.MessageID === messageId);
    },
    timeoutMs,
    250,
  );
}

/** Waits until this recipient has at least `count` mails, then returns them all. */
export function waitForMails(address: string, count = 1, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const mails = await mailsTo(address);
      return mails.length >= count ? mails : undefined;
    },
    timeoutMs,
    250,
  );
}

/**
 * The gateway connects to Kafka in the background (the site never waits for it): until
 * it has, referrals are refused with 503. Sends one referral until it is accepted.
 */
export async function waitUntilPublishing(gatewayUrl: string): Promise<void> {
  await eventually(
    async () =>
      (await postReferral(gatewayUrl, referralBody())).status === 202 ? true : undefined,
    60_000,
    250,
  );
}
