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
