import { randomUUID } from 'node:crypto';

export function pageView(sessionId: string, path = '/') {
  return { type: 'page_view', id: randomUUID(), sessionId, at: Date.now(), path };
}

export async function postEvents(
  gatewayUrl: string,
  events: unknown[],
  timeoutMs = 30_000,
): Promise<{ status: number; retryAfter: string | null }> {
  try {
    const response = await fetch(`${gatewayUrl}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'HandCheckTest/1.0' },
      body: JSON.stringify({ events }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return { status: response.status, retryAfter: response.headers.get('retry-after') };
  } catch {
    return { status: 0, retryAfter: null };
  }
}

/** Resolves once the consumer group has committed everything the topic holds right now. */
export async function waitUntilCaughtUp(
  kafka: import('@handcheck/server-kit/testing').Kafka,
  groupId: string,
  topic: string,
  timeoutMs = 60_000,
) {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const ends = await admin.fetchTopicOffsets(topic);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
      const done = ends.every((end) => {
        const offset =
          committed?.partitions.find((p) => p.partition === end.partition)?.offset ?? '-1';
        return Number(end.high) === 0 || Number(offset) >= Number(end.high);
      });
      if (done) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`Consumer group ${groupId} did not catch up within ${timeoutMs} ms`);
  } finally {
    await admin.disconnect();
  }
}
