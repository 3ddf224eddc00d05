import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { clinicalContentHash } from './content-hash';

/*
 * `npm run clinical-review:update`: records that the clinical content changed. Rewrites
 * contentHash (the current hash) and lastUpdated (today, UTC) in
 * web/src/content/clinical-review.json and leaves the review record alone: a review recorded
 * against the old hash no longer matches, so the site shows "Clinical review pending" again
 * until the product owner records a review of the new text (docs/clinical-review.md).
 */
const root = join(__dirname, '..', '..');
const file = join(root, 'web/src/content/clinical-review.json');
const record = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
const contentHash = clinicalContentHash(root);
if (record.contentHash === contentHash) {
  console.log(`clinical-review: content unchanged (${contentHash}); nothing to do`);
} else {
  const lastUpdated = new Date().toISOString().slice(0, 10);
  writeFileSync(file, `${JSON.stringify({ ...record, contentHash, lastUpdated }, null, 2)}\n`);
  console.log(`clinical-review: contentHash ${contentHash}, lastUpdated ${lastUpdated}`);
}
