import { type Model } from 'mongoose';
import { type LeaseClaim, type Leased } from './lease.schema';
import { LeasesRepository, isHeld } from './leases.repository';

const query = <T>(value: () => T) => ({
  lean: () => ({ exec: async () => value() }),
  exec: async () => value(),
});

/** lease_claims in memory: an insert of a taken `_id` fails as MongoDB's does. */
class MemoryClaims {
  readonly kept = new Map<string, LeaseClaim>();
  async create(claim: LeaseClaim) {
    await Promise.resolve();
    if (this.kept.has(claim._id)) throw Object.assign(new Error('E11000'), { code: 11000 });
    this.kept.set(claim._id, claim);
  }
  findById(id: string) {
    return query(() => this.kept.get(id) ?? null);
  }
  deleteOne({ _id }: { _id: string }) {
    return query(() => this.kept.delete(_id));
  }
}

interface Run extends Leased {
  _id: string;
  status: string;
}

/** One collection of leased documents; findOneAndUpdate matches `_id`, `attempts` and `status.$in`. */
class MemoryRuns {
  readonly collection = { collectionName: 'runs' };
  readonly docs = new Map<string, Run>();
  findOneAndUpdate(
    filter: { _id: string; attempts: number; status?: { $in: string[] } },
    update: { $set: Partial<Run> },
  ) {
    return query(() => {
      const doc = this.docs.get(filter._id);
      if (!doc || doc.attempts !== filter.attempts) return null;
      if (filter.status && !filter.status.$in.includes(doc.status)) return null;
      Object.assign(doc, update.$set);
      return { ...doc };
    });
  }
}

const now = new Date('2026-11-23T08:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

function setUp(run: Partial<Run> = {}) {
  const claims = new MemoryClaims();
  const runs = new MemoryRuns();
  runs.docs.set('k', {
    _id: 'k',
    status: 'running',
    attempts: 1,
    lease_owner: 'dead',
    lease_until: at(-1),
    ...run,
  });
  const replica = () => new LeasesRepository(claims as unknown as Model<LeaseClaim>);
  const takeOver = (leases: LeasesRepository, current = { ...runs.docs.get('k')! }) =>
    leases.takeOver(runs as unknown as Model<Run>, {
      current,
      where: { _id: 'k', status: { $in: ['running', 'failed'] } },
      key: 'k',
      set: { status: 'running' },
      leaseMs: 60_000,
      now,
    });
  return { claims, runs, replica, takeOver };
}

describe('LeasesRepository', () => {
  it('a new document is held by this process for the lease: its first attempt', () => {
    const leases = setUp().replica();
    expect(leases.firstLease(60_000, now)).toEqual({
      attempts: 1,
      lease_owner: leases.owner,
      lease_until: at(60_000),
    });
    expect(isHeld({ lease_until: at(1) }, now)).toBe(true);
    expect(isHeld({ lease_until: now }, now)).toBe(false);
    expect(isHeld({ lease_until: null }, now)).toBe(false);
    expect(isHeld({} as Leased, now)).toBe(false);
  });

  it('of two replicas finding a lease run out, exactly one takes the next attempt', async () => {
    const { claims, runs, replica, takeOver } = setUp();
    const [a, b] = [replica(), replica()];
    const taken = await Promise.all([takeOver(a), takeOver(b)]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = taken[0] ? a : b;
    expect(runs.docs.get('k')).toMatchObject({
      attempts: 2,
      lease_owner: holder.owner,
      lease_until: at(60_000),
    });
    expect([...claims.kept.keys()]).toEqual(['runs:k#2']);
  });

  it('leaves a held document alone', async () => {
    const { claims, replica, takeOver } = setUp({ lease_until: at(1) });
    expect(await takeOver(replica())).toBeNull();
    expect(claims.kept.size).toBe(0);
  });

  it('takes the attempt after one whose claimer died before taking the document', async () => {
    const { claims, runs, replica, takeOver } = setUp();
    await claims.create({ _id: 'runs:k#2', owner: 'died', expires_at: at(-1) });
    expect(await takeOver(replica())).toMatchObject({ attempts: 3 });
    expect(runs.docs.get('k')?.attempts).toBe(3);
  });

  it('does not take an attempt another replica has claimed and still holds', async () => {
    const { claims, runs, replica, takeOver } = setUp();
    await claims.create({ _id: 'runs:k#2', owner: 'b', expires_at: at(1) });
    expect(await takeOver(replica())).toBeNull();
    expect(runs.docs.get('k')?.attempts).toBe(1);
  });

  it('gives the claim back when the document changed since it was read', async () => {
    const { claims, runs, replica, takeOver } = setUp();
    const read = { ...runs.docs.get('k')! };
    runs.docs.get('k')!.status = 'sent';
    expect(await takeOver(replica(), read)).toBeNull();
    expect(claims.kept.size).toBe(0);
  });
});
