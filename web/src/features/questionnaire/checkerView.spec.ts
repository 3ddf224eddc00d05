import { checkerSearch, parseCheckerView, type CheckerView } from './checkerView';

describe('checker view in the query string', () => {
  it('reads the landing, each step and the results', () => {
    expect(parseCheckerView('')).toEqual({ kind: 'landing' });
    expect(parseCheckerView('?step=1')).toEqual({ kind: 'step', step: 1 });
    expect(parseCheckerView('?step=6')).toEqual({ kind: 'step', step: 6 });
    expect(parseCheckerView('?view=results')).toEqual({ kind: 'results' });
    expect(parseCheckerView('?view=emergency-check')).toEqual({ kind: 'emergency-check' });
    expect(parseCheckerView('?view=emergency-advice')).toEqual({ kind: 'emergency-advice' });
    expect(parseCheckerView('?utm_source=mail&step=2')).toEqual({ kind: 'step', step: 2 });
  });

  it('treats anything that is not a step 1-6 as the landing view', () => {
    for (const search of [
      '?step=0',
      '?step=7',
      '?step=-1',
      '?step=2.5',
      '?step=abc',
      '?step=',
      '?view=other',
      '?view=toString',
      '?view=__proto__',
    ]) {
      expect(parseCheckerView(search)).toEqual({ kind: 'landing' });
    }
  });

  it('gives the emergency check no step number: the six steps stay ?step=1..6', () => {
    expect(checkerSearch({ kind: 'emergency-check' })).toBe('?view=emergency-check');
    expect(checkerSearch({ kind: 'emergency-advice' })).toBe('?view=emergency-advice');
    expect(checkerSearch({ kind: 'step', step: 1 })).toBe('?step=1');
  });

  it('round-trips every view', () => {
    const views: CheckerView[] = [
      { kind: 'landing' },
      { kind: 'emergency-check' },
      { kind: 'emergency-advice' },
      ...[1, 2, 3, 4, 5, 6].map((step) => ({ kind: 'step' as const, step })),
      { kind: 'results' },
    ];
    for (const view of views) expect(parseCheckerView(checkerSearch(view))).toEqual(view);
  });
});
