import { type ConditionName } from '@handcheck/diagnosis';
export const SITE = {
  brand: 'HandCheck',
  themeColor: '#3b82f6',
  reviewedDate: '2024-12-01',
  policyDate: '2025-07-29',
  emergencyNumber: '911',
  reviewedLabel: 'Medically reviewed by hand surgery specialists · Last reviewed 1 December 2024',
} as const satisfies {
  brand: 'HandCheck';
  themeColor: '#3b82f6';
  reviewedDate: '2024-12-01';
  policyDate: '2025-07-29';
  emergencyNumber: '911';
  reviewedLabel: string;
};

/** The one address for privacy requests and questions about the site's terms. */
export const CONTACT_EMAIL = 'privacy@handcheck.health';

/** The diagnosis engine's 18 condition names (a type only: nothing of the engine is bundled). */
export type EngineConditionName = ConditionName;

/*
 * Engine conditions deliberately without a condition guide: acute injuries need a clinician
 * rather than a reading page, and the rare lumps are better served by the outside resources
 * shown on the result card. guideForEngineName returns undefined for exactly these.
 */
export const ENGINE_NAMES_WITHOUT_GUIDE: readonly EngineConditionName[] = [
  'Jersey Finger',
  'Scaphoid Fracture',
  'Broken Bone or Tendon/Ligament Injury',
  'Glomus Tumour',
  'Skin Lesion/Lump',
];
