import {
  sqlDate,
  sqlDateTime,
  sqlIdentifier,
  sqlInt,
  sqlNumber,
  sqlString,
  sqlStringList,
} from './sql-literal';

describe('SQL literals for ClickHouse 18.16 (no query parameters)', () => {
  it('quotes strings and escapes quotes and backslashes', () => {
    expect(sqlString("it's")).toBe("'it\\'s'");
    expect(sqlString('a\\b')).toBe("'a\\\\b'");
    expect(sqlString("\\'; DROP TABLE x; --")).toBe("'\\\\\\'; DROP TABLE x; --'");
    expect(sqlString('')).toBe("''");
  });

  it('accepts only finite numbers and safe integers', () => {
    expect(sqlNumber(1.5)).toBe('1.5');
    expect(() => sqlNumber(Number.NaN)).toThrow(TypeError);
    expect(() => sqlNumber(Infinity)).toThrow(TypeError);
    expect(sqlInt(42)).toBe('42');
    expect(() => sqlInt(1.2)).toThrow(TypeError);
  });

  it('validates dates before building them', () => {
    expect(sqlDate('2026-11-22')).toBe("toDate('2026-11-22')");
    expect(sqlDate(new Date('2026-01-05T10:00:00Z'))).toBe("toDate('2026-01-05')");
    expect(() => sqlDate("2026-11-22') OR 1=1 --")).toThrow(TypeError);
    expect(() => sqlDate('2026-13-45')).toThrow(TypeError);
    expect(sqlDateTime(new Date('2026-11-22T09:08:07Z'))).toBe(
      "toDateTime('2026-11-22 09:08:07', 'UTC')",
    );
    expect(() => sqlDateTime(new Date('nope'))).toThrow(TypeError);
  });

  it('guards identifiers and builds string lists', () => {
    expect(sqlIdentifier('analytics_events')).toBe('analytics_events');
    expect(() => sqlIdentifier('x; DROP')).toThrow(TypeError);
    expect(sqlStringList(['a', "b'c"])).toBe("['a', 'b\\'c']");
  });
});
