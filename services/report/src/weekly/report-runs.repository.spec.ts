import { type LeasesRepository } from '@handcheck/server-kit';
import { type Model } from 'mongoose';
import { type ReportRun } from './report-run.schema';
import { ReportRunsRepository, runMessageId } from './report-runs.repository';

const now = new Date('2026-11-23T08:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const exec = <T>(value: T) => ({
  lean: () => ({ exec: async () => value }),
  exec: async () => value,
});

function setUp(stored: Partial<ReportRun> | null) {
  const updates: unknown[] = [];
  const runs = {
    create: async () => {
      if (stored) throw Object.assign(new Error('E11000'), { code: 11000 });
    },
    findById: () => exec(stored),
    updateOne: (_filter: unknown, update: unknown) => {
      updates.push(update);
      return exec({ matchedCount: 1 });
    },
  };
  const takeOvers: unknown[] = [];
  const leases = {
    owner: 'a',
    firstLease: () => ({ attempts: 1, lease_owner: 'a', lease_until: later(60_000) }),
    takeOver: async (_model: unknown, request: unknown) => {
      takeOvers.push(request);
      return stored;
    },
  };
  const repository = new ReportRunsRepository(
    runs as unknown as Model<ReportRun>,
    leases as unknown as LeasesRepository,
  );
  const claim = () =>
    repository.claim({ key: 'k', recipients: [], now, leaseMs: 60_000, maxAttempts: 5 });
  return { repository, updates, takeOvers, claim };
}

const run = (fields: Partial<ReportRun>) => ({
  status: 'running' as const,
  attempts: 1,
  lease_until: later(-1),
  ...fields,
});

describe('ReportRunsRepository', () => {
  it('the replica that stores the period first sends it', async () => {
    expect(await setUp(null).claim()).toBe('claimed');
  });

  it('says what another replica finds: sent, held, out of attempts, or taken over', async () => {
    expect(await setUp(run({ status: 'sent' })).claim()).toBe('sent');
    expect(await setUp(run({ lease_until: later(1) })).claim()).toBe('leased');
    expect(await setUp(run({ status: 'failed', attempts: 5 })).claim()).toBe('exhausted');
    const { claim, takeOvers } = setUp(run({ status: 'failed' }));
    expect(await claim()).toBe('taken-over');
    expect(takeOvers).toEqual([
      expect.objectContaining({
        key: 'k',
        where: { _id: 'k', status: { $in: ['running', 'failed'] } },
      }),
    ]);
  });

  it('holds a failed run back longer after each failure, never beyond the lease', async () => {
    const failedAfter = async (attempts: number, leaseMs = 600_000) => {
      const { repository, updates } = setUp(run({ attempts }));
      await repository.markFailed('k', new Error('relay down'), leaseMs, now);
      return (updates[0] as { $set: { lease_until: Date } }).$set.lease_until;
    };
    expect(await failedAfter(1)).toEqual(later(30_000));
    expect(await failedAfter(2)).toEqual(later(60_000));
    expect(await failedAfter(10)).toEqual(later(600_000));
    expect(await failedAfter(1, 3000)).toEqual(later(3000));
  });

  it('makes a Message-ID from the period key', () => {
    expect(runMessageId('weekly-report:2026-W48')).toBe('<weekly-report.2026-W48@handcheck.local>');
  });
});
