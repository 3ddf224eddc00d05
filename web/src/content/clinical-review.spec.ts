import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  clinicalContentFiles,
  clinicalContentHash,
} from '../../../scripts/clinical-review/content-hash';
import {
  CLINICAL_REVIEW,
  parseClinicalReviewFile,
  REVIEW_STATUS,
  reviewStatusOf,
  type ClinicalReviewFile,
} from './clinicalReview';
import { aboutPage } from './pages/about';
import { termsPage } from './pages/terms';
import { checkerFaqs, siteFaqs } from './faqs';
import { PUBLIC_ROUTES } from './routes';

const ROOT = join(__dirname, '..', '..', '..');
const HASH_A = 'a'.repeat(64);
const HASH_B = 'b'.repeat(64);

const review = {
  reviewerName: 'Dr A Example',
  role: 'Consultant hand surgeon',
  registrationBody: 'GMC',
  registrationNumber: '1234567',
  date: '2026-12-01',
  contentHash: HASH_A,
};

describe('clinical-review.json', () => {
  it('holds the hash of the current clinical content', () => {
    const current = clinicalContentHash(ROOT);
    // Not toBe: the message has to say what to do.
    if (CLINICAL_REVIEW.contentHash !== current) {
      throw new Error(
        `The clinical content changed (guides, FAQs, care rules and texts, results or referral ` +
          `texts) but web/src/content/clinical-review.json still has the old hash ` +
          `${CLINICAL_REVIEW.contentHash} (now ${current}) and lastUpdated ` +
          `${CLINICAL_REVIEW.lastUpdated}. Run \`npm run clinical-review:update\` and commit the ` +
          `file: the site will then say "Clinical review pending" until a review of the new ` +
          `text is recorded (docs/clinical-review.md).`,
      );
    }
  });

  it('hashes the guides, FAQs, care layer, questions, results and referral texts', () => {
    const files = clinicalContentFiles(ROOT);
    for (const expected of [
      'web/src/content/conditions/hand.ts',
      'web/src/content/faqs.ts',
      'packages/diagnosis/src/care-rules.ts',
      'packages/diagnosis/src/care-advice.ts',
      'packages/diagnosis/src/conditions.ts',
      'web/src/features/results/Results.tsx',
      'web/src/features/questionnaire/stepDefinitions.ts',
      'web/src/content/site.ts', // PARENT_ADVICE, the advice to parents of under-18s
      'services/referral/templates/referral-patient.text.hbs',
    ])
      expect(files).toContain(expected);
    expect(files.some((file) => /\.spec\.|\.md$/.test(file))).toBe(false);
    expect([...files].sort()).toEqual(files);
  });

  it('has a last-updated date that is not in the future', () => {
    expect(CLINICAL_REVIEW.lastUpdated <= new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('records no review today: none of the current text exists', () => {
    expect(CLINICAL_REVIEW.review).toBeNull();
    expect(REVIEW_STATUS.reviewed).toBe(false);
  });
});

describe('reviewStatusOf', () => {
  const file = (over: Partial<ClinicalReviewFile>): ClinicalReviewFile => ({
    contentHash: HASH_A,
    lastUpdated: '2026-11-26',
    review: null,
    ...over,
  });

  it('says "review pending" with the update date, and no review date, without a review', () => {
    const status = reviewStatusOf(file({}));
    expect(status.reviewed).toBe(false);
    expect(status.label).toBe(
      'Written from NHS and NICE guidance · Last updated 26 November 2026 · Clinical review pending',
    );
    expect(JSON.stringify(status)).not.toMatch(/reviewed by|Last reviewed|1 December 2024/i);
  });

  it('shows the spec wording and the review date when the review covers the current text', () => {
    const status = reviewStatusOf(file({ review }));
    expect(status.reviewed).toBe(true);
    expect(status.label).toBe(
      'Medically reviewed by hand surgery specialists · Last reviewed 1 December 2026',
    );
    expect(status.dateLine).toBe('Last reviewed 1 December 2026');
  });

  it('falls back to "review pending" once the text changes after the review', () => {
    const status = reviewStatusOf(file({ contentHash: HASH_B, review }));
    expect(status.reviewed).toBe(false);
    expect(status.label).toMatch(/Clinical review pending$/);
    expect(JSON.stringify(status)).not.toMatch(/2026-12-01|1 December 2026|reviewed by/i);
  });

  it('refuses a malformed file rather than showing a claim', () => {
    expect(() => parseClinicalReviewFile({ contentHash: 'x', lastUpdated: '2026-11-26' })).toThrow(
      /contentHash/,
    );
    expect(() =>
      parseClinicalReviewFile({
        contentHash: HASH_A,
        lastUpdated: '2026-11-26',
        review: { ...review, registrationNumber: '' },
      }),
    ).toThrow(/registrationNumber/);
    expect(parseClinicalReviewFile(file({ review })).review).toEqual(review);
  });
});

describe('the review claim', () => {
  it('appears in no page text while no review covers the current content', () => {
    const texts = JSON.stringify([aboutPage, termsPage, siteFaqs, checkerFaqs, PUBLIC_ROUTES]);
    expect(texts).not.toMatch(/reviewed by hand surgery|medically reviewed|last reviewed/i);
    expect(texts).not.toMatch(/1 December 2024/);
    expect(texts).toContain(REVIEW_STATUS.sentence);
  });

  it('is written only in clinicalReview.ts: no page, component or script hard-codes it', () => {
    const web = join(ROOT, 'web');
    const sources = ['src', 'scripts']
      .flatMap((dir) =>
        readdirSync(join(web, dir), { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && /\.(tsx?|mjs|html)$/.test(entry.name))
          .map((entry) => join(entry.parentPath, entry.name)),
      )
      .filter((path) => !/\.spec\.tsx?$/.test(path) && !path.endsWith('clinicalReview.ts'));
    const offenders = sources.filter((path) =>
      /reviewed by hand surgery|Last reviewed|1 December 2024|reviewedDate|reviewedLabel/i.test(
        readFileSync(path, 'utf8'),
      ),
    );
    expect(offenders.map((path) => relative(ROOT, path))).toEqual([]);
  });
});
