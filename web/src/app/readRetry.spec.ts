import { configureStore } from '@reduxjs/toolkit';
import { API_BASE_URL, createAppApi } from './api';
import { READ_RETRIES, retryDelayMs } from './readRetry';

// The site's API client (./api) as features use it, on a fake fetch and a fake clock.

const ORIGIN = 'https://handcheck.test';
const BASE_URL = new URL(API_BASE_URL, ORIGIN).href;

type Answer = number | 'network down';

/** A fetch that gives the listed answers in turn (the last one from then on), noting when each request came. */
function scriptedFetch(answers: Answer[]) {
  const calls: Array<{ method: string; at: number }> = [];
  const fetchFn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ method: request.method, at: Date.now() });
    const answer = answers[Math.min(calls.length, answers.length) - 1];
    if (answer === 'network down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ ok: answer < 400 }), {
      status: answer,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, calls };
}

function clientWith(answers: Answer[]) {
  const { fetchFn, calls } = scriptedFetch(answers);
  const api = createAppApi({ baseUrl: BASE_URL, fetchFn }).injectEndpoints({
    endpoints: (build) => ({
      specialists: build.query<{ ok: boolean }, void>({ query: () => 'specialists' }),
      searchByPost: build.query<{ ok: boolean }, void>({
        query: () => ({ url: 'search', method: 'POST', body: {} }),
      }),
      sendReferral: build.mutation<{ ok: boolean }, void>({
        query: () => ({ url: 'referrals', method: 'POST', body: {} }),
      }),
    }),
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
  const start = Date.now();
  /** When each request came, in ms after the client was made. */
  const times = () => calls.map((call) => call.at - start);
  return { api, store, calls, times };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('retry delays', () => {
  it('double from 1 s and stop at 30 s (spec §9)', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(READ_RETRIES).toBe(3);
  });
});

describe('a failed read', () => {
  it('is tried again after 1 s, 2 s and 4 s, and the fourth answer is the one used', async () => {
    const { api, store, times } = clientWith([503, 'network down', 502, 200]);
    const read = store.dispatch(api.endpoints.specialists.initiate());

    await jest.advanceTimersByTimeAsync(999);
    expect(times()).toEqual([0]);
    await jest.advanceTimersByTimeAsync(1);
    expect(times()).toEqual([0, 1000]);
    await jest.advanceTimersByTimeAsync(1999);
    expect(times()).toEqual([0, 1000]);
    await jest.advanceTimersByTimeAsync(1);
    expect(times()).toEqual([0, 1000, 3000]);
    await jest.advanceTimersByTimeAsync(4000);
    expect(times()).toEqual([0, 1000, 3000, 7000]);

    await expect(read.unwrap()).resolves.toEqual({ ok: true });
    read.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it('fails after 3 retries, with the last error', async () => {
    const { api, store, times } = clientWith([503]);
    const read = store.dispatch(api.endpoints.specialists.initiate());
    const outcome = read.unwrap().catch((error: unknown) => error);

    await jest.advanceTimersByTimeAsync(60_000);
    expect(times()).toEqual([0, 1000, 3000, 7000]);
    await expect(outcome).resolves.toMatchObject({ status: 503 });
    read.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });

  it.each([400, 401, 403, 404, 422])('is not retried when refused with %i', async (status) => {
    const { api, store, calls } = clientWith([status, 200]);
    const read = store.dispatch(api.endpoints.specialists.initiate());
    const outcome = read.unwrap().catch((error: unknown) => error);

    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    await expect(outcome).resolves.toMatchObject({ status });
    read.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });
});

describe('a request that may have been applied', () => {
  it.each<Answer>(['network down', 503, 504, 429])(
    'is sent once when a POST mutation gets %s',
    async (answer) => {
      const { api, store, calls } = clientWith([answer, 200]);
      const outcome = store
        .dispatch(api.endpoints.sendReferral.initiate())
        .unwrap()
        .catch((error: unknown) => error);

      await jest.advanceTimersByTimeAsync(60_000);
      expect(calls.map((call) => call.method)).toEqual(['POST']);
      await expect(outcome).resolves.toMatchObject({
        status: answer === 'network down' ? 'FETCH_ERROR' : answer,
      });
    },
  );

  it('is sent once when it is a query that POSTs', async () => {
    const { api, store, calls } = clientWith([503, 200]);
    const read = store.dispatch(api.endpoints.searchByPost.initiate());
    const outcome = read.unwrap().catch((error: unknown) => error);

    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls.map((call) => call.method)).toEqual(['POST']);
    await expect(outcome).resolves.toMatchObject({ status: 503 });
    read.unsubscribe();
    store.dispatch(api.util.resetApiState());
  });
});
