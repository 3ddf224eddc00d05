import { EVENTS_ENDPOINT, createPost, type TransportDeps } from './transport';

const BODY = '{"events":[]}';

function deps(
  beacon?: boolean,
  answer: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 202 })),
) {
  const calls = { beacons: [] as Blob[], fetches: [] as RequestInit[], logs: [] as string[] };
  const value: TransportDeps = {
    sendBeacon:
      beacon === undefined
        ? undefined
        : (url, data) => {
            expect(url).toBe(EVENTS_ENDPOINT);
            calls.beacons.push(data);
            return beacon;
          },
    fetch: (url, init) => {
      expect(url).toBe(EVENTS_ENDPOINT);
      calls.fetches.push(init ?? {});
      return answer();
    },
    log: (message) => calls.logs.push(message),
  };
  return { value, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPost', () => {
  it('uses a JSON beacon when the page is going away', async () => {
    const { value, calls } = deps(true);
    createPost(value)(BODY, true);
    expect(calls.fetches).toEqual([]);
    expect(calls.beacons).toHaveLength(1);
    expect(calls.beacons[0].type).toBe('application/json');
    expect(await calls.beacons[0].text()).toBe(BODY);
  });

  it.each([
    ['refused', false],
    ['missing', undefined],
  ])('falls back to a keepalive fetch when the beacon is %s', async (_, beacon) => {
    const { value, calls } = deps(beacon);
    createPost(value)(BODY, true);
    expect(calls.fetches).toEqual([
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: BODY,
        keepalive: true,
        credentials: 'same-origin',
      },
    ]);
    await settle();
    expect(calls.logs).toEqual([]);
  });

  it('uses fetch for ordinary batches', () => {
    const { value, calls } = deps(true);
    createPost(value)(BODY, false);
    expect(calls.beacons).toEqual([]);
    expect(calls.fetches).toHaveLength(1);
  });

  it('logs refusals and network failures without throwing', async () => {
    const refused = deps(undefined, () => Promise.resolve(new Response('{}', { status: 400 })));
    createPost(refused.value)(BODY, false);
    const offline = deps(undefined, () => Promise.reject(new TypeError('Failed to fetch')));
    createPost(offline.value)(BODY, false);
    const broken = deps(undefined, () => {
      throw new TypeError('Illegal invocation');
    });
    expect(() => createPost(broken.value)(BODY, false)).not.toThrow();
    await settle();
    expect(refused.calls.logs).toEqual([`Analytics: ${EVENTS_ENDPOINT} answered 400`]);
    expect(offline.calls.logs).toEqual(['Analytics: events not sent']);
    expect(broken.calls.logs).toEqual(['Analytics: events not sent']);
  });
});
