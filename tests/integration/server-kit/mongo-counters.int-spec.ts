import { testInfra, uniqueName } from '@handcheck/server-kit/testing';
import { ClientRateLimit, MongoLimitStore } from '@handcheck/server-kit';
import mongoose, { type Connection } from 'mongoose';

/** Two gateways' stores on one database: what one counts, the other sees. */
describe('rate-limit counters in MongoDB (FerretDB)', () => {
  let connections: Connection[];
  let stores: MongoLimitStore[];

  beforeAll(async () => {
    const url = new URL(testInfra().mongoUrl);
    url.pathname = `/${uniqueName('rate_limits')}`;
    connections = await Promise.all(
      [0, 1].map(() => mongoose.createConnection(url.toString()).asPromise()),
    );
    stores = connections.map((connection) => new MongoLimitStore(connection));
  });

  afterAll(async () => {
    await connections[0]?.dropDatabase();
    await Promise.all(connections.map((connection) => connection.close()));
  });

  const limitOn = (store: MongoLimitStore, name: string, burst: number, perSecond: number) =>
    new ClientRateLimit({ name, burst, perSecond, secret: 'shared-by-replicas', store });

  it('holds one limit across replicas and keys each counter by _id', async () => {
    const name = uniqueName('referral');
    const [a, b] = stores.map((store) => limitOn(store, name, 3, 3 / 600));
    const decisions = [];
    for (const limit of [a, b, a, b]) decisions.push(await limit.take('203.0.113.7'));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, true, false]);
    const refused = decisions[3];
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(590);

    const counters = await connections[0]
      .collection(stores[0].collection)
      .find({ _id: { $regex: `^${name}:` } } as object)
      .toArray();
    expect(counters).toHaveLength(1);
    expect(counters[0]).toEqual({ _id: expect.any(String), points: 4, expire: expect.any(Date) });
    expect(JSON.stringify(counters)).not.toContain('203.0.113.7');
  });

  it('gives a refunded request back, and starts a new window when one has ended', async () => {
    const name = uniqueName('window');
    const limit = limitOn(stores[0], name, 1, 1);
    const first = await limit.take('198.51.100.1');
    expect(first.allowed).toBe(true);
    if (first.allowed) await first.refund();
    expect((await limit.take('198.51.100.1')).allowed).toBe(true);
    expect((await limit.take('198.51.100.1')).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limit.take('198.51.100.1')).allowed).toBe(true);
  });

  it('starts one window, not two, when replicas count a new client at once', async () => {
    const name = uniqueName('race');
    const [a, b] = stores.map((store) => limitOn(store, name, 5, 5 / 600));
    const firsts = await Promise.all([a.take('192.0.2.44'), b.take('192.0.2.44')]);
    expect(firsts.map((d) => d.allowed)).toEqual([true, true]);
    const counters = await connections[0]
      .collection(stores[0].collection)
      .find({ _id: { $regex: `^${name}:` } } as object)
      .toArray();
    expect(counters).toHaveLength(1);
  });

  it('counts in order the requests of one client that reach one replica at once', async () => {
    const limit = limitOn(stores[0], uniqueName('serial'), 10, 10 / 600);
    const all = await Promise.all(Array.from({ length: 12 }, () => limit.take('192.0.2.45')));
    expect(all.filter((d) => d.allowed)).toHaveLength(10);
  });
});
