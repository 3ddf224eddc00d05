import {
  claimDecision,
  claimableFilter,
  newRun,
  retryAt,
  runMessageId,
  takeOverUpdate,
} from './run-lease';

const now = new Date('2026-11-23T08:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('run lease', () => {
  it('a new run is held by its owner for the lease', () => {
    const run = newRun('weekly-report:2026-W48', 'a', ['x@example.com'], now, 60_000);
    expect(run).toMatchObject({
      _id: 'weekly-report:2026-W48',
      status: 'running',
      owner: 'a',
      attempts: 1,
    });
    expect(run.leaseExpiresAt).toEqual(later(60_000));
  });

  it('decides from the record what another replica may do', () => {
    const run = newRun('k', 'a', [], now, 60_000);
    expect(claimDecision(run, later(59_999), 5)).toBe('leased');
    expect(claimDecision(run, later(60_000), 5)).toBe('claim');
    expect(claimDecision({ ...run, status: 'sent' }, later(600_000), 5)).toBe('sent');
    expect(claimDecision({ ...run, status: 'failed', leaseExpiresAt: now }, now, 5)).toBe('claim');
    expect(claimDecision({ ...run, attempts: 5, leaseExpiresAt: now }, now, 5)).toBe('exhausted');
  });

  it('the MongoDB filter states the same rule', () => {
    expect(claimableFilter('k', now, 5)).toEqual({
      _id: 'k',
      status: { $in: ['running', 'failed'] },
      leaseExpiresAt: { $lte: now },
      attempts: { $lt: 5 },
    });
    const update = takeOverUpdate('b', ['x@example.com'], now, 1000);
    expect(update.$set).toMatchObject({
      status: 'running',
      owner: 'b',
      leaseExpiresAt: later(1000),
    });
    expect(update.$inc).toEqual({ attempts: 1 });
  });

  it('waits longer after each failure, never beyond the lease', () => {
    expect(retryAt(now, 1, 600_000)).toEqual(later(30_000));
    expect(retryAt(now, 2, 600_000)).toEqual(later(60_000));
    expect(retryAt(now, 10, 600_000)).toEqual(later(600_000));
    expect(retryAt(now, 1, 3000)).toEqual(later(3000));
  });

  it('makes a Message-ID from the period key', () => {
    expect(runMessageId('weekly-report:2026-W48')).toBe('<weekly-report.2026-W48@handcheck.local>');
  });
});
