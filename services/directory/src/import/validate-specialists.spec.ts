import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SPECIALIST_LIMITS, urlProblem } from '@handcheck/contracts';
import {
  formatOf,
  validateRow,
  validateSpecialistFile,
  type Validated,
} from './validate-specialists';

const GOOD = {
  id: 'uk-1',
  name: 'Ms Test Person',
  specialty_note: 'Wrists',
  clinic: 'Test Clinic',
  location: 'Leeds, UK',
  url: 'https://clinic.example.org/a',
  is_active: true,
};

const problemsOf = (result: Validated) => (result.ok ? [] : result.problems);

describe('validateRow', () => {
  it('accepts a complete record, trimming text and dropping an empty note', () => {
    expect(validateRow({ ...GOOD, name: '  Ms Test Person ' }, 'json')).toEqual(GOOD);
    const withoutNote = validateRow({ ...GOOD, specialty_note: '  ' }, 'json');
    expect(withoutNote).not.toHaveProperty('specialty_note');
  });

  it.each(['id', 'name', 'clinic', 'location', 'url'])('requires %s', (field) => {
    expect(validateRow({ ...GOOD, [field]: '' }, 'json')).toEqual([`${field} is required`]);
    const without: Record<string, unknown> = { ...GOOD };
    delete without[field];
    expect(validateRow(without, 'json')).toEqual([`${field} is required`]);
  });

  it('holds every text field to its limit, and no further', () => {
    for (const [field, limit] of Object.entries(SPECIALIST_LIMITS)) {
      if (field === 'url' || field === 'id') continue;
      expect(validateRow({ ...GOOD, [field]: 'a'.repeat(limit) }, 'json')).toMatchObject({
        [field]: 'a'.repeat(limit),
      });
      expect(validateRow({ ...GOOD, [field]: 'a'.repeat(limit + 1) }, 'json')).toEqual([
        `${field} is ${limit + 1} characters long; at most ${limit} are allowed`,
      ]);
    }
    const longUrl = (length: number) => {
      const base = 'https://clinic.example.org/';
      return base + 'a'.repeat(length - base.length);
    };
    expect(validateRow({ ...GOOD, url: longUrl(2048) }, 'json')).toMatchObject({
      url: longUrl(2048),
    });
    expect(validateRow({ ...GOOD, url: longUrl(2049) }, 'json')).toEqual([
      'url is 2049 characters long; at most 2048 are allowed',
    ]);
    expect(validateRow({ ...GOOD, id: 'a'.repeat(65) }, 'json')).toEqual([
      'id is 65 characters long; at most 64 are allowed',
    ]);
  });

  it('takes https addresses only', () => {
    expect(urlProblem('https://clinic.example.org/x?y=1')).toBeUndefined();
    expect(urlProblem('http://clinic.example.org/')).toBe(
      'url "http://clinic.example.org/" must start with https://',
    );
    expect(urlProblem('javascript:alert(1)')).toMatch(/must start with https/);
    expect(urlProblem('clinic.example.org')).toMatch(/is not a web address/);
    expect(urlProblem('https://localhost/')).toMatch(/no proper host name/);
    expect(urlProblem('https://user:pw@clinic.example.org/')).toMatch(/user name or password/);
  });

  it('wants is_active as a boolean in JSON, and as true/false/yes/no/1/0 in CSV', () => {
    expect(validateRow({ ...GOOD, is_active: false }, 'json')).toMatchObject({ is_active: false });
    expect(validateRow({ ...GOOD, is_active: 'true' }, 'json')).toEqual([
      'is_active must be true or false (a CSV may also say yes/no or 1/0), got "true"',
    ]);
    const csv = (value: string) => validateRow({ ...GOOD, is_active: value }, 'csv');
    for (const yes of ['true', 'TRUE', 'yes', 'Yes', '1', ' 1 '])
      expect(csv(yes)).toMatchObject({ is_active: true });
    for (const no of ['false', 'no', 'NO', '0'])
      expect(csv(no)).toMatchObject({ is_active: false });
    expect(csv('maybe')).toEqual([
      'is_active must be true or false (a CSV may also say yes/no or 1/0), got "maybe"',
    ]);
    expect(csv('')).toEqual(['is_active is required (true or false)']);
  });

  it('refuses unknown fields, odd ids, non-text and line breaks, naming each', () => {
    expect(validateRow({ ...GOOD, is_activ: true }, 'json')).toEqual(['"is_activ" is not a field']);
    expect(validateRow({ ...GOOD, id: 'has space' }, 'json')).toEqual([
      'id "has space" may only hold letters, digits, ".", "_" and "-", and must start with a letter or digit',
    ]);
    expect(validateRow({ ...GOOD, name: 42 }, 'json')).toEqual(['name must be text, got 42']);
    expect(validateRow({ ...GOOD, clinic: 'A\nB' }, 'json')).toEqual([
      'clinic must not contain control characters or line breaks',
    ]);
    expect(validateRow({ id: 'x' }, 'json')).toEqual([
      'name is required',
      'clinic is required',
      'location is required',
      'url is required',
      'is_active is required (true or false)',
    ]);
  });
});

describe('validateSpecialistFile, CSV', () => {
  const header = 'id,name,specialty_note,clinic,location,url,is_active';

  it('reads every row, columns in any order, blank lines skipped', () => {
    const text = [
      'name,id,clinic,location,url,is_active,specialty_note',
      'Dr A,a-1,Clinic A,Leeds,https://a.example.org/,yes,',
      '',
      '"Dr B, Jr",b-1,Clinic B,Leeds,https://b.example.org/,0,"Elbows"',
    ].join('\n');
    expect(validateSpecialistFile(text, 'csv')).toEqual({
      ok: true,
      records: [
        {
          id: 'a-1',
          name: 'Dr A',
          clinic: 'Clinic A',
          location: 'Leeds',
          url: 'https://a.example.org/',
          is_active: true,
        },
        {
          id: 'b-1',
          name: 'Dr B, Jr',
          specialty_note: 'Elbows',
          clinic: 'Clinic B',
          location: 'Leeds',
          url: 'https://b.example.org/',
          is_active: false,
        },
      ],
    });
  });

  it('names each bad row by its line in the file', () => {
    const text = [
      header,
      'a-1,Dr A,,Clinic A,Leeds,https://a.example.org/,true',
      '',
      'b-1,Dr B,,Clinic B,Leeds,http://b.example.org/,true',
      'c-1,Dr C,,,Leeds,https://c.example.org/,perhaps',
      'a-1,Dr D,,Clinic D,Leeds,https://d.example.org/,false',
    ].join('\r\n');
    expect(problemsOf(validateSpecialistFile(text, 'csv'))).toEqual([
      { line: 4, message: 'url "http://b.example.org/" must start with https://' },
      { line: 5, message: 'clinic is required' },
      {
        line: 5,
        message:
          'is_active must be true or false (a CSV may also say yes/no or 1/0), got "perhaps"',
      },
      { line: 6, message: 'id "a-1" is already used on line 2; each id may appear once' },
    ]);
  });

  it('refuses a header without the required columns, or an empty file', () => {
    expect(problemsOf(validateSpecialistFile('id,name\nx,y\n', 'csv'))).toEqual([
      { line: 1, message: 'the header row lacks the column(s) clinic, location, url, is_active' },
    ]);
    expect(problemsOf(validateSpecialistFile(`${header}\n`, 'csv'))).toEqual([
      { line: 1, message: 'the file has no specialists in it' },
    ]);
  });

  it('reports a row with the wrong number of cells by line', () => {
    const text = `${header}\na-1,Dr A,,Clinic A,Leeds,https://a.example.org/,true\nb-1,Dr B\n`;
    const problems = problemsOf(validateSpecialistFile(text, 'csv'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      line: 3,
      message: expect.stringMatching(/^not readable as CSV/),
    });
  });
});

describe('validateSpecialistFile, JSON', () => {
  it('takes an array or a {specialists: [...]} object, and names bad rows by line', () => {
    const rows = [
      GOOD,
      { ...GOOD, id: 'uk-2', url: 'ftp://x.example.org' },
      { ...GOOD, id: 'uk-3' },
    ];
    const text = JSON.stringify(rows, null, 2);
    // Each record opens on its own line; the second one's `{` stands on line 11.
    expect(problemsOf(validateSpecialistFile(text, 'json'))).toEqual([
      { line: 11, message: 'url "ftp://x.example.org" must start with https://' },
    ]);
    const wrapped = JSON.stringify(
      { _comment: 'a note, with [brackets] and {braces}', specialists: rows },
      null,
      2,
    );
    expect(problemsOf(validateSpecialistFile(wrapped, 'json'))).toEqual([
      { line: 13, message: 'url "ftp://x.example.org" must start with https://' },
    ]);
  });

  it('refuses what is not a list of objects', () => {
    expect(problemsOf(validateSpecialistFile('{"x": 1}', 'json'))).toEqual([
      {
        line: 1,
        message: 'expected an array of specialists, or an object with a "specialists" array',
      },
    ]);
    expect(problemsOf(validateSpecialistFile('[\n{"id": "a"},\n"nope"\n]', 'json'))).toEqual([
      { line: 3, message: 'each specialist must be a JSON object' },
    ]);
    expect(problemsOf(validateSpecialistFile('[oops', 'json'))[0]?.message).toMatch(
      /^not valid JSON/,
    );
  });
});

describe('the sample file', () => {
  const path = join(__dirname, '..', '..', 'data', 'sample-specialists.json');
  const text = readFileSync(path, 'utf8');
  const result = validateSpecialistFile(text, 'json');

  it('is valid, fictional by its own label, and has UK, US and inactive entries', () => {
    expect(problemsOf(result)).toEqual([]);
    if (!result.ok) return;
    expect((JSON.parse(text) as { _comment: string })._comment).toMatch(/^FICTIONAL SAMPLE DATA/);
    const hosts = result.records.map((record) => new URL(record.url).hostname);
    for (const host of hosts) expect(host).toMatch(/\.example\.(org|com|net)$/);
    expect(result.records.some((record) => record.location.endsWith(', UK'))).toBe(true);
    expect(result.records.some((record) => record.location.endsWith(', USA'))).toBe(true);
    expect(result.records.some((record) => !record.is_active)).toBe(true);
    expect(result.records.some((record) => record.specialty_note === undefined)).toBe(true);
  });
});

it('tells the format by the file name', () => {
  expect(formatOf('a/b/Specialists.CSV')).toBe('csv');
  expect(formatOf('x.json')).toBe('json');
  expect(formatOf('x.xlsx')).toBeUndefined();
});
