/*
 * The local MongoDB (FerretDB 1.24 on SQLite, built by deploy/engines/mongo.sh with
 * deploy/engines/patches/) finds a document by `_id` through its `_id` index. Unpatched,
 * it looked `_id` up with another SQLite expression than the index's, so every update by
 * `_id` (the referral service's last write of each referral) scanned the whole table and
 * grew slower with every referral stored. FerretDB's `explain` shows SQLite's own plan.
 */
import mongoose, { type Connection } from 'mongoose';
import { testInfra, uniqueName } from '@handcheck/server-kit/testing';

jest.setTimeout(60_000);

interface Explained {
  queryPlanner?: { Plan?: string[] };
}

let connection: Connection;
beforeAll(async () => {
  const url = new URL(testInfra().mongoUrl);
  url.pathname = `/${uniqueName('mongo_ids')}`;
  connection = await mongoose.createConnection(url.toString()).asPromise();
});
afterAll(async () => {
  await connection.dropDatabase();
  await connection.close();
});

async function plan(filter: Record<string, unknown>): Promise<string> {
  const explained = (await connection.db!.command({
    explain: { find: 'lookups', filter },
  })) as Explained;
  return (explained.queryPlanner?.Plan ?? []).join('\n');
}

describe('the local MongoDB looks documents up by _id', () => {
  beforeAll(async () => {
    const documents = Array.from({ length: 50 }, (_, i) => ({ _id: `doc-${i}`, n: i }));
    await connection.collection<{ _id: string; n: number }>('lookups').insertMany(documents);
  });

  it('through the _id index, for string ids', async () => {
    expect(await plan({ _id: 'doc-7' })).toMatch(/SEARCH .* USING INDEX \S+__id_/);
  });

  it('and scans for any other filter (what the referral repository avoids)', async () => {
    expect(await plan({ n: 7 })).toMatch(/SCAN/);
  });

  it('and an update by _id changes that document only', async () => {
    const lookups = connection.collection<{ _id: string; n: number }>('lookups');
    const result = await lookups.updateOne({ _id: 'doc-7' }, { $set: { n: 700 } });
    expect(result.modifiedCount).toBe(1);
    expect(await lookups.findOne({ _id: 'doc-7' })).toEqual({ _id: 'doc-7', n: 700 });
    expect(await lookups.countDocuments({ n: 700 })).toBe(1);
    await lookups.deleteOne({ _id: 'doc-8' });
    expect(await lookups.findOne({ _id: 'doc-8' })).toBeNull();
    expect(await lookups.countDocuments()).toBe(49);
  });
});
