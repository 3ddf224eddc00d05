// Sums every suite of `make test` (or `make test-deploy`, `make test-scale`) into one closing line:
// "N passed, N failed". Checks that are not Jest (lint, type-check, contracts)
// count one each. The totals are also written to summary.json beside the
// checks file, so .ci/run can add the two runs into its own closing line. Jest may have run
// more than once (make test runs the unit project before the engines start): every report
// given is read, and a spec file found in two reports counts once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

const [checksFile, ...jestFiles] = parseArgs({ allowPositionals: true }).positionals;
let passed = 0;
let failed = 0;
/** What failed and why, in short: .ci/run prints these again just before its closing line. */
const failures = [];

if (existsSync(checksFile)) {
  for (const line of readFileSync(checksFile, 'utf8').split('\n').filter(Boolean)) {
    const [name, result] = line.split('\t');
    if (result === 'passed') passed += 1;
    else {
      failed += 1;
      failures.push(name);
    }
    console.log(`  ${name.padEnd(28)} ${result}`);
  }
}

/** The lines of a failure that say what was expected and what came, without colour codes. */
function firstReason(messages) {
  const lines = (messages ?? [])
    .join('\n')
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('at '));
  return lines.slice(0, 8).join(' | ').slice(0, 600);
}

const suites = new Map();
for (const jestFile of jestFiles) {
  if (existsSync(jestFile)) {
    for (const suite of JSON.parse(readFileSync(jestFile, 'utf8')).testResults)
      suites.set(suite.name, suite);
  } else {
    console.log(`  jest                         did not produce a report (${jestFile})`);
    failed += 1;
    failures.push(`no Jest report: ${jestFile}`);
  }
}

if (suites.size) {
  const byProject = new Map();
  for (const suite of suites.values()) {
    const kind = /\.(e2e|int|stack|scale)-spec\.ts$/.exec(suite.name)?.[1];
    const project =
      { e2e: 'e2e', int: 'integration', stack: 'stack', scale: 'scale' }[kind] ?? 'unit';
    const entry = byProject.get(project) ?? { passed: 0, failed: 0 };
    for (const test of suite.assertionResults) {
      if (test.status === 'passed') entry.passed += 1;
      else if (test.status === 'failed') {
        entry.failed += 1;
        // CI keeps only this output, not the report: the why of a failure must be in it.
        const why = (test.failureMessages ?? []).join('\n').split('\n').slice(0, 30);
        console.log(`  failed: ${test.fullName}\n    ${why.join('\n    ')}`);
        failures.push(`${test.fullName}: ${firstReason(test.failureMessages)}`);
      }
    }
    // A suite that could not even run has no test results; it still failed.
    if (suite.status === 'failed' && suite.assertionResults.every((t) => t.status !== 'failed')) {
      entry.failed += 1;
      console.log(
        `  suite failed to run: ${suite.name}\n    ${String(suite.message).split('\n').slice(0, 6).join('\n    ')}`,
      );
      failures.push(`suite failed to run: ${suite.name}: ${firstReason([suite.message])}`);
    }
    byProject.set(project, entry);
  }
  for (const [project, entry] of byProject) {
    console.log(`  jest ${project.padEnd(23)} ${entry.passed} passed, ${entry.failed} failed`);
    passed += entry.passed;
    failed += entry.failed;
  }
}

writeFileSync(
  join(dirname(checksFile), 'summary.json'),
  JSON.stringify({ passed, failed, failures }),
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
