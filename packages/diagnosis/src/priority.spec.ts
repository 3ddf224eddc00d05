import { priorityFor } from './priority';

describe('priorityFor', () => {
  it.each([
    [95, 'High', 'red'],
    [80, 'High', 'red'],
    [79, 'Medium', 'orange'],
    [79.9, 'Medium', 'orange'],
    [60, 'Medium', 'orange'],
    [59, 'Low', 'yellow'],
    [1, 'Low', 'yellow'],
    [0, 'Low', 'yellow'],
    [Number.NaN, 'Low', 'yellow'],
  ])('confidence %p is %s (%s)', (confidence, label, tone) => {
    expect(priorityFor(confidence)).toEqual({ label, tone });
  });
});
