/** 250 ms, 500 ms, 1 s … capped at 10 s: how long to wait before retry number `attempt` (0-based). */
export function backoffMs(attempt: number, baseMs = 250, maxMs = 10_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
