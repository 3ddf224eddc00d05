import type { CareLevel, CareTone } from '@handcheck/diagnosis';

/** The care card's colours (AA contrast), shared by the card, the condition cards' care label and the emergency advice. */
export const CARE_TONES = {
  red: { background: '#fef2f2', border: '#dc2626', text: '#7f1d1d' },
  orange: { background: '#fff7ed', border: '#ea580c', text: '#7c2d12' },
  blue: { background: '#eff6ff', border: '#3b82f6', text: '#1e3a8a' },
} as const satisfies Record<CareTone, { background: string; border: string; text: string }>;

/**
 * The care level a condition card shows beside the spec's priority label, which is fixed by
 * confidence: at an urgent or emergency level a "Low priority" must never stand alone. None
 * at the routine level, where the priority label is all the spec asks for.
 */
export function careLevelBesidePriority(
  level: CareLevel,
): { label: string; tone: keyof typeof CARE_TONES } | null {
  switch (level) {
    case 'emergency':
      return { label: 'Care level: Emergency', tone: 'red' };
    case 'urgent':
      return { label: 'Care level: Urgent', tone: 'orange' };
    case 'routine':
      return null;
  }
}
