// Fails when the committed protobuf code differs from what `buf generate` makes now.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { tmpdir } from 'node:os';

const committed = 'packages/contracts/src/gen';
const fresh = mkdtempSync(join(tmpdir(), 'handcheck-gen-'));
const bin = 'node_modules/.bin/buf';
execFileSync(bin, ['lint'], { stdio: 'inherit' });
execFileSync(bin, ['generate', '--output', fresh], { stdio: 'inherit' });

const list = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? list(path) : [path];
  });

const freshFiles = list(join(fresh, committed)).map((p) => relative(join(fresh, committed), p)).sort();
const committedFiles = list(committed).map((p) => relative(committed, p)).sort();
const stale = [];
if (freshFiles.join('\n') !== committedFiles.join('\n')) stale.push('file list differs');
for (const file of freshFiles) {
  const a = readFileSync(join(fresh, committed, file), 'utf8');
  let b = '';
  try { b = readFileSync(join(committed, file), 'utf8'); } catch { /* reported below */ }
  if (a !== b) stale.push(file);
}
rmSync(fresh, { recursive: true, force: true });
if (stale.length) {
  console.error(`Generated contracts are stale (${stale.join(', ')}). Run: npm run proto:generate`);
  process.exit(1);
}
console.log('Generated contracts are up to date.');
