/*
 * The fingerprint of HandCheck's clinical content: the texts a clinical review vouches for.
 * A review is recorded against this hash (web/src/content/clinical-review.json), and the site
 * shows "Medically reviewed" only while the content still hashes the same.
 *
 * Deliberately simple, so anyone can reproduce it by hand:
 *   1. list the files below (a directory means every file under it, except tests
 *      `*.spec.*` and notes `*.md`), as paths relative to the repository root with "/";
 *   2. sort the paths by their bytes (plain `LC_ALL=C sort`);
 *   3. hash each file's bytes with SHA-256 and write one line per file,
 *      "<hex hash>  <path>\n" (the format of `sha256sum`);
 *   4. the content hash is the SHA-256 of those lines.
 * That is `LC_ALL=C sort <paths> | xargs sha256sum | sha256sum` from the repository root.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const CLINICAL_CONTENT_SOURCES: readonly string[] = [
  // Condition guides and the FAQs.
  'web/src/content/conditions/elbow.ts',
  'web/src/content/conditions/hand.ts',
  'web/src/content/conditions/wrist.ts',
  'web/src/content/faqs.ts',
  'web/src/content/checkerFaqs.ts',
  // The advice to parents of under-18s, the body areas' descriptions and the outside reading.
  'web/src/content/site.ts',
  'web/src/content/categories.ts',
  'web/src/content/resources.ts',
  'web/src/components/ResourceList.tsx',
  // The care layer: rules, card texts, emergency signs and the conditions' descriptions.
  'packages/diagnosis/src/care-rules.ts',
  'packages/diagnosis/src/care-advice.ts',
  'packages/diagnosis/src/care-texts.ts',
  'packages/diagnosis/src/emergency-signs.ts',
  'packages/diagnosis/src/conditions.ts',
  // The questions: their steps, answer options, symptom labels and the hand diagram.
  'packages/diagnosis/src/options.ts',
  'packages/diagnosis/src/labels.ts',
  'web/src/features/questionnaire/stepDefinitions.ts',
  'web/src/features/questionnaire/hand-diagram',
  // The emergency check's screens, what the results page says, and the referral mails.
  'web/src/features/questionnaire/EmergencyCheck.tsx',
  'web/src/features/questionnaire/EmergencyAdvice.tsx',
  'web/src/features/questionnaire/emergencyWording.ts',
  'web/src/features/questionnaire/emergencyCheck.ts',
  'web/src/features/results',
  'services/referral/templates',
];

function isExcluded(path: string): boolean {
  return /\.spec\.[^/]+$/.test(path) || path.endsWith('.md');
}

function filesUnder(root: string, path: string): string[] {
  const absolute = join(root, path);
  const stats = statSync(absolute); // throws for a missing source: a rename must update the list
  if (!stats.isDirectory()) return [path];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !isExcluded(file));
}

/** The files hashed, in hashing order (`sources` other than the list only in tests). */
export function clinicalContentFiles(
  root: string,
  sources: readonly string[] = CLINICAL_CONTENT_SOURCES,
): string[] {
  const files = new Set(sources.flatMap((path) => filesUnder(root, path)));
  return [...files].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** SHA-256 (hex) of the clinical content under the repository `root`. */
export function clinicalContentHash(root: string): string {
  const lines = clinicalContentFiles(root)
    .map((file) => `${sha256(readFileSync(join(root, file)))}  ${file}\n`)
    .join('');
  return sha256(lines);
}
