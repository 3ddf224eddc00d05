import { configureStore } from '@reduxjs/toolkit';
import { API_BASE_URL, UNUSED_DATA_SECONDS, api, createAppApi } from './api';
import { makeStore } from './store';

interface Specialist {
  name: string;
  area: string;
}

// Node's Request needs an absolute URL; in the browser '/api' resolves against the page.
const ORIGIN = 'https://handcheck.test';
const BASE_URL = new URL(API_BASE_URL, ORIGIN).href;

/** A fake fetch that answers every request with `body` and records what was asked for. */
function fakeFetch(body: unknown) {
  const requests: Request[] = [];
  const fetchFn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, requests };
}

/** A feature's endpoints, injected as a feature would inject its own. */
function withSpecialists(base: ReturnType<typeof createAppApi>) {
  return base.injectEndpoints({
    endpoints: (build) => ({
      specialists: build.query<Specialist[], string>({
        query: (area) => ({ url: 'specialists', params: { area } }),
      }),
    }),
  });
}

function storeWith(base: ReturnType<typeof createAppApi>) {
  return configureStore({
    reducer: { [base.reducerPath]: base.reducer },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(base.middleware),
  });
}

const LEEDS = [{ name: 'A. Surgeon', area: 'Leeds' }];

afterEach(() => jest.useRealTimers());

describe('the API', () => {
  it("is based at /api and keeps unused data for the spec's 5 minutes", () => {
    expect(API_BASE_URL).toBe('/api');
    expect(UNUSED_DATA_SECONDS).toBe(300);
    expect(api.reducerPath).toBe('api');
  });

  it('serves an injected endpoint from the gateway, then from its cache', async () => {
    const { fetchFn, requests } = fakeFetch(LEEDS);
    const specialistsApi = withSpecialists(createAppApi({ baseUrl: BASE_URL, fetchFn }));
    const store = storeWith(specialistsApi);

    const first = store.dispatch(specialistsApi.endpoints.specialists.initiate('Leeds'));
    await expect(first.unwrap()).resolves.toEqual(LEEDS);
    expect(requests.map((request) => [request.method, request.url])).toEqual([
      ['GET', `${ORIGIN}/api/specialists?area=Leeds`],
    ]);

    // A second user of the same data is answered from the cache.
    const second = store.dispatch(specialistsApi.endpoints.specialists.initiate('Leeds'));
    await expect(second.unwrap()).resolves.toEqual(LEEDS);
    expect(requests).toHaveLength(1);
    expect(specialistsApi.endpoints.specialists.select('Leeds')(store.getState())).toMatchObject({
      status: 'fulfilled',
      data: LEEDS,
    });
    first.unsubscribe();
    second.unsubscribe();
    store.dispatch(specialistsApi.util.resetApiState());
  });

  it('drops data 300 s after its last user is gone, not before', async () => {
    jest.useFakeTimers();
    const { fetchFn, requests } = fakeFetch(LEEDS);
    const specialistsApi = withSpecialists(createAppApi({ baseUrl: BASE_URL, fetchFn }));
    const store = storeWith(specialistsApi);
    const cached = () =>
      specialistsApi.endpoints.specialists.select('Leeds')(store.getState()).data;

    const subscription = store.dispatch(specialistsApi.endpoints.specialists.initiate('Leeds'));
    await subscription.unwrap();
    subscription.unsubscribe();

    await jest.advanceTimersByTimeAsync(UNUSED_DATA_SECONDS * 1000 - 1);
    expect(cached()).toEqual(LEEDS);
    // Used again within the 5 minutes: no new request.
    const again = store.dispatch(specialistsApi.endpoints.specialists.initiate('Leeds'));
    await again.unwrap();
    expect(requests).toHaveLength(1);
    again.unsubscribe();

    // The clock restarts when the last user leaves.
    await jest.advanceTimersByTimeAsync(UNUSED_DATA_SECONDS * 1000 - 1);
    expect(cached()).toEqual(LEEDS);
    await jest.advanceTimersByTimeAsync(1);
    expect(cached()).toBeUndefined();
  });

  describe("in the site's store", () => {
    let requests: Request[];
    let restore: () => void;
    beforeEach(() => {
      const fake = fakeFetch(LEEDS);
      requests = fake.requests;
      const fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(fake.fetchFn);
      // A page resolves '/api/…' against its own address; Node's Request needs it spelt out.
      const NodeRequest = globalThis.Request;
      globalThis.Request = class PageRequest extends NodeRequest {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, ORIGIN) : input, init);
        }
      };
      restore = () => {
        globalThis.Request = NodeRequest;
        fetchSpy.mockRestore();
      };
    });
    afterEach(() => restore());

    /** Fetches through the site's own `api`, with an endpoint injected the way features do. */
    async function fetchThrough(store: ReturnType<typeof makeStore>, siteApi: typeof api) {
      const specialistsApi = withSpecialists(siteApi);
      const result = store.dispatch(specialistsApi.endpoints.specialists.initiate('York'));
      await expect(result.unwrap()).resolves.toEqual(LEEDS);
      result.unsubscribe();
      // Clears the cache and its removal timers.
      store.dispatch(siteApi.util.resetApiState());
    }

    it("has the API's cache and middleware, at the page's /api", async () => {
      const store = makeStore();
      expect(store.getState()[api.reducerPath]).toMatchObject({ queries: {}, mutations: {} });
      await fetchThrough(store, api);
      expect(requests.map((request) => request.url)).toEqual([
        `${ORIGIN}/api/specialists?area=York`,
      ]);
    });

    it('gets them in a store made before anything imported the API', async () => {
      await jest.isolateModulesAsync(async () => {
        const early = (await import('./store')).makeStore();
        expect(early.getState()).not.toHaveProperty('api');
        // What a page does when a feature with endpoints loads.
        const { api: lateApi } = await import('./api');
        await fetchThrough(early, lateApi);
        expect(requests).toHaveLength(1);
      });
    });
  });
});
