// ClickHouse 18.16 has no query parameters, so every value that reaches SQL goes
// through these functions. Strings are quoted and escaped; everything else is
// validated first and refused when it is not what it claims to be.

export function sqlString(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function sqlNumber(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`Not a finite number: ${value}`);
  return String(value);
}

export function sqlInt(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer: ${value}`);
  return String(value);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A `YYYY-MM-DD` date, as `toDate('…')`. */
export function sqlDate(value: string | Date): string {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  if (!DATE.test(text) || Number.isNaN(Date.parse(text)))
    throw new TypeError(`Not a date: ${text}`);
  return `toDate('${text}')`;
}

/** A UTC instant, as `toDateTime('YYYY-MM-DD hh:mm:ss', 'UTC')`. */
export function sqlDateTime(value: Date): string {
  if (Number.isNaN(value.getTime())) throw new TypeError('Not a valid date');
  const text = value.toISOString().slice(0, 19).replace('T', ' ');
  if (!DATE_TIME.test(text)) throw new TypeError(`Not a date-time: ${text}`);
  return `toDateTime('${text}', 'UTC')`;
}

/** Identifiers (table and column names) are never user input; this only guards typos. */
export function sqlIdentifier(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new TypeError(`Not an identifier: ${name}`);
  return name;
}

export function sqlStringList(values: readonly string[]): string {
  return `[${values.map(sqlString).join(', ')}]`;
}
