import { type Kafka, uniqueName } from '@handcheck/server-kit/testing';

export interface DeadLetter {
  key: string | undefined;
  value: Buffer | null;
  headers: Record<string, string>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The letters of a dead-letter topic from its start (only those with `key`, when given), once
 * `count` have arrived. After `timeoutMs` it fails, or with `orFewer` returns what came: for a
 * test that counts letters that must not all come.
 */
export async function readDeadLetters(
  kafka: Kafka,
  topic: string,
  count: number,
  {
    key,
    timeoutMs = 30_000,
    orFewer = false,
  }: { key?: string; timeoutMs?: number; orFewer?: boolean } = {},
): Promise<DeadLetter[]> {
  const consumer = kafka.consumer({ groupId: uniqueName('dlq-reader') });
  const seen: DeadLetter[] = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const letter = {
          key: message.key?.toString(),
          value: message.value,
          headers: Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [
              name,
              String(Array.isArray(value) ? value[0] : value),
            ]),
          ),
        };
        if (key === undefined || letter.key === key) seen.push(letter);
      },
    });
    const deadline = Date.now() + timeoutMs;
    while (seen.length < count && Date.now() < deadline) await sleep(200);
    if (seen.length < count && !orFewer) {
      throw new Error(`${seen.length} of ${count} dead letters on ${topic} after ${timeoutMs} ms`);
    }
    return seen;
  } finally {
    await consumer.disconnect();
  }
}
