import { type ConditionName } from '@handcheck/diagnosis';
// The review claim and its date are not constants: they follow clinical-review.json
// (clinicalReview.ts), and are shown only while a recorded review covers the current text.
export const SITE = {
  brand: 'HandCheck',
  themeColor: '#3b82f6',
  policyDate: '2025-07-29',
  emergencyNumber: '911',
} as const satisfies {
  brand: 'HandCheck';
  themeColor: '#3b82f6';
  policyDate: '2025-07-29';
  emergencyNumber: '911';
};

/**
 * What a parent or carer should do instead of using the checker (the site is for adults),
 * said the same way on every page that mentions children.
 */
export const PARENT_ADVICE =
  "HandCheck is for adults aged 18 and over, because children's bones, joints and tendons are still growing and their hand problems often differ from adults'. If you are a parent or carer, take a child's hand, wrist or elbow problem to a GP or pharmacist (UK) or your child's doctor (US). After an injury, or for a hot, red, swollen hand or finger, take them to A&E (UK) or the emergency room (US), and in an emergency call 999 (UK) or 911 (US).";

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
