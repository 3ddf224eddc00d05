import { STEPS } from '@handcheck/diagnosis';

/** The landing view's h1: where focus goes when the checker returns to the landing. */
export const LANDING_HEADING_ID = 'page-title';

/** What the home and symptom-checker pages show, read from the query string so Back/Forward work. */
export type CheckerView =
  { kind: 'landing' } | { kind: 'step'; step: number } | { kind: 'results' };

export function parseCheckerView(search: string): CheckerView {
  const params = new URLSearchParams(search);
  if (params.get('view') === 'results') return { kind: 'results' };
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
    case 'results':
      return '?view=results';
  }
}
