import { STEPS } from '@handcheck/diagnosis';

/** The landing view's h1: where focus goes when the checker returns to the landing. */
export const LANDING_HEADING_ID = 'page-title';

/**
 * What the home and symptom-checker pages show, read from the query string so Back/Forward work.
 * The emergency check and its advice open the questionnaire (as NHS 111 online asks the
 * emergency questions first) but are not steps: the six steps keep ?step=1..6.
 */
export type CheckerView =
  | { kind: 'landing' }
  | { kind: 'emergency-check' }
  | { kind: 'emergency-advice' }
  | { kind: 'step'; step: number }
  | { kind: 'results' };

/** The views of the questionnaire's own (lazily loaded) code. */
export type QuestionnaireView = Extract<
  CheckerView,
  { kind: 'emergency-check' | 'emergency-advice' | 'step' }
>;

const NAMED_VIEWS = {
  'emergency-check': { kind: 'emergency-check' },
  'emergency-advice': { kind: 'emergency-advice' },
  results: { kind: 'results' },
} as const satisfies Record<string, CheckerView>;

const isNamedView = (name: string | null): name is keyof typeof NAMED_VIEWS =>
  name !== null && Object.hasOwn(NAMED_VIEWS, name);

export function parseCheckerView(search: string): CheckerView {
  const params = new URLSearchParams(search);
  const named = params.get('view');
  if (isNamedView(named)) return NAMED_VIEWS[named];
  const raw = params.get('step');
  if (raw === null || !/^\d+$/.test(raw)) return { kind: 'landing' };
  const step = Number(raw);
  if (step < 1 || step > STEPS) return { kind: 'landing' };
  return { kind: 'step', step };
}

export function checkerSearch(view: CheckerView): string {
  switch (view.kind) {
    case 'landing':
      return '';
    case 'step':
      return `?step=${view.step}`;
    case 'emergency-check':
    case 'emergency-advice':
    case 'results':
      return `?view=${view.kind}`;
  }
}
