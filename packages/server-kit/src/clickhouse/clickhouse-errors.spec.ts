import { isClickHouseUnavailable } from './clickhouse-client';

const old = (code: number, text: string) =>
  new Error(`Code: ${code}, e.displayText() = DB::Exception: ${text}, e.what() = DB::Exception`);

describe('isClickHouseUnavailable', () => {
  it('says a refusal of the data is not unavailability: dead-letter it', () => {
    expect(isClickHouseUnavailable(old(131, 'Too large value for FixedString(64)'))).toBe(false);
    expect(isClickHouseUnavailable(old(27, 'Cannot parse input: expected ,'))).toBe(false);
    expect(isClickHouseUnavailable(new Error('Code: 53. DB::Exception: Type mismatch'))).toBe(
      false,
    );
  });

  it('retries the network, timeouts, overload, missing tables and anything it cannot tell', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:18123'), {
      code: 'ECONNREFUSED',
    });
    expect(isClickHouseUnavailable(refused)).toBe(true);
    expect(isClickHouseUnavailable(new Error('socket hang up'))).toBe(true);
    expect(isClickHouseUnavailable(new Error('Timeout error.'))).toBe(true);
    expect(isClickHouseUnavailable(old(252, 'Too many parts'))).toBe(true);
    expect(isClickHouseUnavailable(old(60, 'Table hc.site_visits does not exist.'))).toBe(true);
    expect(isClickHouseUnavailable(new Error('502 Bad Gateway'))).toBe(true);
  });
});
