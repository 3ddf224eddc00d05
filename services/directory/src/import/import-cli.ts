/*
 * npm run directory:import -- <file.csv|file.json> [--if-empty]
 *
 * Loads specialists into the directory's MongoDB (MONGO_URL, as the service reads it).
 * Every row is checked first; if any is bad, each is reported by its line and nothing is
 * imported. Otherwise every row is upserted by id. --if-empty imports only into an empty
 * collection (what `make start` does with the sample file).
 */
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { MongoEnv, loadConfig } from '@handcheck/server-kit';
import { Specialist, SpecialistSchema } from '../specialists/specialist.schema';
import { SpecialistsRepository } from '../specialists/specialists.repository';
import { formatOf, validateSpecialistFile } from './validate-specialists';

const USAGE = 'usage: npm run directory:import -- <file.csv|file.json> [--if-empty]';

/** One file and maybe --if-empty; undefined for anything else. */
function parse(argv: string[]): { file: string; ifEmpty: boolean } | undefined {
  try {
    const options = { 'if-empty': { type: 'boolean' } } as const;
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
    const [file, ...more] = positionals;
    return file && more.length === 0 ? { file, ifEmpty: values['if-empty'] ?? false } : undefined;
  } catch {
    return undefined;
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  const { file, ifEmpty } = parsed;
  const format = formatOf(file);
  if (!format) {
    console.error(`${file}: the name must end in .csv or .json\n${USAGE}`);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`${file}: cannot be read: ${(error as Error).message}`);
    return 1;
  }
  const checked = validateSpecialistFile(text, format);
  if (!checked.ok) {
    for (const problem of checked.problems)
      console.error(`${file}:${problem.line}: ${problem.message}`);
    const rows = new Set(checked.problems.map((problem) => problem.line)).size;
    console.error(`${rows} bad row(s); nothing was imported.`);
    return 1;
  }

  const env = loadConfig('directory-import', MongoEnv);
  const connection = await mongoose
    .createConnection(env.MONGO_URL, { serverSelectionTimeoutMS: 5000 })
    .asPromise();
  try {
    const specialists = new SpecialistsRepository(
      connection.model(Specialist.name, SpecialistSchema),
    );
    if (ifEmpty) {
      const existing = await specialists.count();
      if (existing > 0) {
        console.log(
          `The directory already holds ${existing} specialist(s); ${file} was not imported.`,
        );
        return 0;
      }
    }
    const outcome = await specialists.upsert(checked.records);
    console.log(
      `Imported ${outcome.total} specialist(s) from ${file}: ${outcome.inserted} new, ${outcome.updated} changed, ${outcome.unchanged} unchanged.`,
    );
    return 0;
  } finally {
    await connection.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
