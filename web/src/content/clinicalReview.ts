import { formatIsoDate } from '../components/dates';
import record from './clinical-review.json';

/*
 * The one source of the site's "medically reviewed" claim. clinical-review.json holds the
 * hash of the current clinical content (guides, FAQs, care rules and texts, results and
 * referral texts: scripts/clinical-review/content-hash.ts), the date it last changed, and the
 * review record if a clinician has reviewed it. The claim and the review date are shown only
 * while the review's hash equals the current hash; any change to the clinical text since then
 * shows "Clinical review pending" instead (a unit test keeps contentHash current).
 */

export interface ClinicalReviewRecord {
  reviewerName: string;
  role: string;
  registrationBody: string;
  registrationNumber: string;
  /** ISO date (YYYY-MM-DD) of the review. */
  date: string;
  /** contentHash of the text the reviewer read. */
  contentHash: string;
}

export interface ClinicalReviewFile {
  contentHash: string;
  /** ISO date (YYYY-MM-DD) the clinical content last changed. */
  lastUpdated: string;
  review: ClinicalReviewRecord | null;
}

export type ReviewStatus =
  | {
      reviewed: true;
      /** ISO date of the review. */
      date: string;
      /** The badge and page-footer wording. */
      label: string;
      /** The condition page's date line. */
      dateLine: string;
      /** A sentence for the About, FAQ and Terms pages. */
      sentence: string;
      /** A few words for meta descriptions. */
      shortClaim: string;
    }
  | {
      reviewed: false;
      /** ISO date the content last changed. */
      lastUpdated: string;
      label: string;
      dateLine: string;
      sentence: string;
      shortClaim: string;
    };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const SHA256 = /^[0-9a-f]{64}$/;

function nonEmpty(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw new Error(`clinical-review.json: ${name} must be a non-empty string`);
  return value;
}

function matching(value: unknown, pattern: RegExp, name: string): string {
  const text = nonEmpty(value, name);
  if (!pattern.test(text)) throw new Error(`clinical-review.json: ${name} is malformed: ${text}`);
  return text;
}

/** Checks the file's shape; throws with the field at fault rather than showing a false claim. */
export function parseClinicalReviewFile(data: unknown): ClinicalReviewFile {
  const file = (data ?? {}) as Record<string, unknown>;
  const review = file.review as Record<string, unknown> | null | undefined;
  return {
    contentHash: matching(file.contentHash, SHA256, 'contentHash'),
    lastUpdated: matching(file.lastUpdated, ISO_DATE, 'lastUpdated'),
    review:
      review === null || review === undefined
        ? null
        : {
            reviewerName: nonEmpty(review.reviewerName, 'review.reviewerName'),
            role: nonEmpty(review.role, 'review.role'),
            registrationBody: nonEmpty(review.registrationBody, 'review.registrationBody'),
            registrationNumber: nonEmpty(review.registrationNumber, 'review.registrationNumber'),
            date: matching(review.date, ISO_DATE, 'review.date'),
            contentHash: matching(review.contentHash, SHA256, 'review.contentHash'),
          },
  };
}

export function reviewStatusOf(file: ClinicalReviewFile): ReviewStatus {
  const { review } = file;
  if (review && review.contentHash === file.contentHash) {
    const date = formatIsoDate(review.date);
    return {
      reviewed: true,
      date: review.date,
      label: `Medically reviewed by hand surgery specialists · Last reviewed ${date}`,
      dateLine: `Last reviewed ${date}`,
      sentence: `The condition guides and the questionnaire were medically reviewed by hand surgery specialists and were last reviewed on ${date}.`,
      shortClaim: 'reviewed by hand surgery specialists',
    };
  }
  const updated = formatIsoDate(file.lastUpdated);
  const label = `Written from NHS and NICE guidance · Last updated ${updated} · Clinical review pending`;
  return {
    reviewed: false,
    lastUpdated: file.lastUpdated,
    label,
    dateLine: label,
    sentence: `The condition guides and the care advice were written from NHS and NICE guidance and were last updated on ${updated}. A review by a hand specialist is pending.`,
    shortClaim: 'written from NHS and NICE guidance',
  };
}

export const CLINICAL_REVIEW: ClinicalReviewFile = parseClinicalReviewFile(record);

/** What every page that mentions review says, today. */
export const REVIEW_STATUS: ReviewStatus = reviewStatusOf(CLINICAL_REVIEW);

/** The /symptom-checker meta description (its PUBLIC_ROUTES entry and the page itself). */
export const CHECKER_DESCRIPTION = `Start a free 3-minute hand, wrist and elbow symptom assessment. No registration, completely confidential, ${REVIEW_STATUS.shortClaim}.`;
