// Where the time of `make test`, `make test-deploy` or `make test-scale` went: each stage
// (from the stages file the script wrote as it ran: name, start and end, in epoch seconds) and
// the ten slowest spec files (from Jest's JSON reports). Written as timings.tsv beside the
// stages file (kind, name, seconds) and printed, so the run that makes the suite slower shows
// it; .ci/run adds up each command's total row.
//
//   node scripts/timings.mjs --title "make test" --since <epoch s> var/test-results/stages.tsv [jest.json...]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const SLOWEST = 10;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { title: { type: 'string' }, since: { type: 'string' } },
});
const [stagesFile, ...jestFiles] = positionals;
if (!stagesFile || !values.title || !values.since) {
  console.error(
    'usage: timings.mjs --title <command> --since <epoch s> <stages.tsv> [jest.json...]',
  );
  process.exit(2);
}

// Bash's EPOCHREALTIME uses the locale's decimal mark.
const seconds = (text) => Number(String(text).replace(',', '.'));

const stages = existsSync(stagesFile)
  ? readFileSync(stagesFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, start, end] = line.split('\t');
        return { name, seconds: seconds(end) - seconds(start) };
      })
  : [];

/** One entry per spec file that ran; a report that is missing or unreadable adds none. */
function specTimes(file) {
  if (!existsSync(file)) return [];
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  return (report.testResults ?? []).map((suite) => {
    const start = suite.perfStats?.start ?? suite.startTime;
    const end = suite.perfStats?.end ?? suite.endTime;
    const ms = Number.isFinite(end - start) ? end - start : (suite.perfStats?.runtime ?? 0);
    return { name: relative(process.cwd(), suite.name), seconds: ms / 1000 };
  });
}

const slowest = jestFiles
  .flatMap(specTimes)
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, SLOWEST);
const total = Date.now() / 1000 - seconds(values.since);

const round = (s) => s.toFixed(1);
const rows = [
  ['kind', 'name', 'seconds'],
  ...stages.map((s) => ['stage', s.name, round(s.seconds)]),
  ...slowest.map((s) => ['spec', s.name, round(s.seconds)]),
  ['total', values.title, round(total)],
];
const out = join(dirname(stagesFile), 'timings.tsv');
writeFileSync(out, rows.map((row) => row.join('\t')).join('\n') + '\n');

const human = (s) =>
  s >= 60 ? `${Math.floor(Math.round(s) / 60)} min ${Math.round(s) % 60} s` : `${round(s)} s`;
console.log(`Timings of ${values.title} (${relative(process.cwd(), out)}):`);
for (const s of stages) console.log(`  ${s.name.padEnd(40)} ${human(s.seconds).padStart(12)}`);
if (slowest.length) {
  console.log(`  the ${slowest.length} slowest spec files:`);
  for (const s of slowest) console.log(`    ${human(s.seconds).padStart(12)}  ${s.name}`);
}
console.log(`  ${'total'.padEnd(40)} ${human(total).padStart(12)}`);
