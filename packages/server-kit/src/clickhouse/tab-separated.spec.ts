import fc from 'fast-check';
import { tabSeparatedRows, tabSeparatedValue } from './tab-separated';

/** How ClickHouse reads one escaped TabSeparated field back (its escape sequences). */
function read(field: string): string | null {
  if (field === '\\N') return null;
  const back: Record<string, string> = { t: '\t', n: '\n', r: '\r', '0': '\0', b: '\b', f: '\f' };
  return field.replace(/\\(.)/gs, (_, char: string) => back[char] ?? char);
}

describe('TabSeparated rows for ClickHouse inserts', () => {
  it('names the columns once and writes one line a row, NULL as \\N', () => {
    expect(
      tabSeparatedRows([
        { event_id: 'a', step_number: null, confidence: 0.85, path: '/' },
        { event_id: 'b', step_number: 3, confidence: 0, path: '/faq' },
      ]),
    ).toEqual({
      columns: ['event_id', 'step_number', 'confidence', 'path'],
      text: 'a\t\\N\t0.85\t/\nb\t3\t0\t/faq\n',
    });
  });

  it('escapes what would end a field or a line, and the backslash itself', () => {
    expect(tabSeparatedValue('a\tb\nc\\d\re\0f')).toBe('a\\tb\\nc\\\\d\\re\\0f');
    expect(tabSeparatedValue('\\N')).toBe('\\\\N');
    expect(tabSeparatedValue('{"anySign":true}')).toBe('{"anySign":true}');
    expect(tabSeparatedValue('')).toBe('');
  });

  it('reads back as the same text for any string, with no raw tab or newline', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const field = tabSeparatedValue(text);
        expect(field).not.toMatch(/[\t\n]/);
        expect(read(field)).toBe(text);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses a number ClickHouse would not read back as itself', () => {
    expect(() => tabSeparatedValue(Number.NaN)).toThrow('Cannot insert the number NaN');
    expect(() => tabSeparatedValue(Number.POSITIVE_INFINITY)).toThrow(/Infinity/);
  });

  it('refuses rows of different shapes rather than write a column short or drop one', () => {
    expect(() => tabSeparatedRows([{ a: '1', b: '2' }, { a: '1' }])).toThrow(
      'Rows of one insert must have the same columns: a, b then a',
    );
    expect(() => tabSeparatedRows([{ a: '1' }, { a: '1', b: '2' }])).toThrow(/same columns/);
    expect(() =>
      tabSeparatedRows([
        { a: '1', b: '2' },
        { a: '1', c: '2' },
      ]),
    ).toThrow(/same columns/);
  });

  it('refuses an empty insert and a column name that is not a plain identifier', () => {
    expect(() => tabSeparatedRows([])).toThrow('Nothing to insert');
    expect(() => tabSeparatedRows([{}])).toThrow('A row to insert has no columns');
    expect(() => tabSeparatedRows([{ 'a) SELECT 1 --': 'x' }])).toThrow(/Not a column name/);
  });
});
