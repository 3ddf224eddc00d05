/*
 * Everything the importer checks before it touches the database: pure functions from the
 * file's text to records, or to the list of what is wrong, row by row. One bad row and
 * nothing is imported, so an import is all or nothing and never leaves half a file.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import {
  CSV_BOOLEANS,
  SpecialistRow,
  checkContract,
  specialistRecordOf,
  type SpecialistRecord,
} from '@handcheck/contracts';

/** What is wrong with one row (or the file, `line` 1 for a bad header), by its line in the file. */
export interface RowProblem {
  /** 1-based line in the file where the row starts. */
  line: number;
  message: string;
}

export type Validated =
  { ok: true; records: SpecialistRecord[] } | { ok: false; problems: RowProblem[] };

/** A row as read from the file: its line and its raw fields. */
export interface RawRow {
  line: number;
  fields: Record<string, unknown>;
}

export type FileFormat = 'csv' | 'json';

/** More rows than this is not a directory but a mistake (a wrong file). */
export const MAX_ROWS = 10_000;

export function formatOf(fileName: string): FileFormat | undefined {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return undefined;
}

/** Reads and checks a whole file. */
export function validateSpecialistFile(text: string, format: FileFormat): Validated {
  const read = format === 'csv' ? readCsv(text) : readJson(text);
  if (!read.ok) return read;
  return validateRows(read.rows, format);
}

/** Checks rows already read; `format` decides which spellings of is_active count. */
export function validateRows(rows: RawRow[], format: FileFormat): Validated {
  if (rows.length === 0) {
    return { ok: false, problems: [{ line: 1, message: 'the file has no specialists in it' }] };
  }
  if (rows.length > MAX_ROWS) {
    return {
      ok: false,
      problems: [
        { line: 1, message: `the file has ${rows.length} rows; at most ${MAX_ROWS} are taken` },
      ],
    };
  }
  const problems: RowProblem[] = [];
  const records: SpecialistRecord[] = [];
  const firstLineOfId = new Map<string, number>();
  for (const row of rows) {
    const checked = validateRow(row.fields, format);
    if (typeof checked === 'string' || Array.isArray(checked)) {
      for (const message of [checked].flat()) problems.push({ line: row.line, message });
      continue;
    }
    const seen = firstLineOfId.get(checked.id);
    if (seen !== undefined) {
      problems.push({
        line: row.line,
        message: `id "${checked.id}" is already used on line ${seen}; each id may appear once`,
      });
      continue;
    }
    firstLineOfId.set(checked.id, row.line);
    records.push(checked);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, records };
}

/**
 * One row: its record, or every problem with it (each a sentence naming the field), by the
 * contract's SpecialistRow. A CSV cell is text, so its spellings of is_active are read first.
 */
export function validateRow(
  fields: Record<string, unknown>,
  format: FileFormat,
): SpecialistRecord | string[] {
  const row = format === 'csv' ? { ...fields, is_active: csvFlag(fields.is_active) } : fields;
  const checked = checkContract(SpecialistRow, row);
  return checked.ok ? specialistRecordOf(checked.value) : checked.problems;
}

function csvFlag(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return CSV_BOOLEANS[value.trim().toLowerCase()] ?? value;
}

type Read = { ok: true; rows: RawRow[] } | { ok: false; problems: RowProblem[] };

/** CSV with a header row naming the fields (any order); blank lines are skipped. */
export function readCsv(text: string): Read {
  let parsed: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    parsed = parseCsv(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim()),
      skip_empty_lines: true,
      info: true,
    }) as typeof parsed;
  } catch (error) {
    const { lines, message } = error as { lines?: number; message?: string };
    return {
      ok: false,
      problems: [{ line: lines ?? 1, message: `not readable as CSV: ${message ?? String(error)}` }],
    };
  }
  const headerProblems = csvHeaderProblems(text);
  if (headerProblems.length > 0) return { ok: false, problems: headerProblems };
  // info.lines is the line the record ends on; a quoted field may span lines, so count back.
  return {
    ok: true,
    rows: parsed.map(({ record, info }) => ({
      line: info.lines - countLineBreaks(Object.values(record)),
      fields: record,
    })),
  };
}

function csvHeaderProblems(text: string): RowProblem[] {
  const header = (parseCsv(text, { bom: true, to_line: 1 }) as string[][])[0] ?? [];
  const names = header.map((name) => name.trim());
  const missing = ['id', 'name', 'clinic', 'location', 'url', 'is_active'].filter(
    (name) => !names.includes(name),
  );
  const duplicated = names.filter((name, index) => names.indexOf(name) !== index);
  const problems: string[] = [];
  if (missing.length > 0) problems.push(`the header row lacks the column(s) ${missing.join(', ')}`);
  if (duplicated.length > 0)
    problems.push(`the header row names ${duplicated.join(', ')} more than once`);
  return problems.map((message) => ({ line: 1, message }));
}

function countLineBreaks(values: string[]): number {
  return values.reduce((sum, value) => sum + (value.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
}

/**
 * JSON: an array of records, or `{ "specialists": [...] }` (which lets a file carry a
 * note such as the sample's "_comment" beside the data). Each record's line is where its
 * `{` stands.
 */
export function readJson(text: string): Read {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [{ line: 1, message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  const wrapped = !Array.isArray(data);
  const list = wrapped ? (data as { specialists?: unknown } | null)?.specialists : data;
  if (!Array.isArray(list)) {
    return {
      ok: false,
      problems: [
        {
          line: 1,
          message: 'expected an array of specialists, or an object with a "specialists" array',
        },
      ],
    };
  }
  const starts = elementLines(text, wrapped ? 2 : 1);
  const rows: RawRow[] = [];
  list.forEach((item: unknown, index) => {
    const line = starts.length === list.length ? (starts[index] as number) : 1;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      rows.push({ line, fields: { __notAnObject: item } });
      return;
    }
    rows.push({ line, fields: item as Record<string, unknown> });
  });
  const notObjects = rows.filter((row) => '__notAnObject' in row.fields);
  if (notObjects.length > 0) {
    return {
      ok: false,
      problems: notObjects.map((row) => ({
        line: row.line,
        message: 'each specialist must be a JSON object',
      })),
    };
  }
  return { ok: true, rows };
}

/**
 * The 1-based line of each value opening at container depth `depth` inside the first
 * array found at depth `depth - 1` (depth 1: the elements of a top-level array; depth 2:
 * those of an array that is a property of the top-level object).
 */
function elementLines(text: string, depth: number): number[] {
  const lines: number[] = [];
  let line = 1;
  let level = 0;
  let inString = false;
  let escaped = false;
  let arrayOpen = false;
  let expectValue = false;
  for (const char of text) {
    if (char === '\n') line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (arrayOpen && level === depth && expectValue) {
      lines.push(line);
      expectValue = false;
    }
    if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      level += 1;
      if (char === '[' && level === depth && lines.length === 0 && !arrayOpen) {
        arrayOpen = true;
        expectValue = true;
      }
    } else if (char === ']' || char === '}') {
      if (arrayOpen && level === depth) break;
      level -= 1;
    } else if (char === ',' && arrayOpen && level === depth) expectValue = true;
  }
  return lines;
}
