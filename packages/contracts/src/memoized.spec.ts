import { memoized } from './memoized';

/** `memoized` over a pure function, with the keys it was computed for, in order. */
function counted(maxKept: number, maxKeyLength = 100, keep?: (key: string) => boolean) {
  const computed: string[] = [];
  const compute = memoized(
    (key) => {
      computed.push(key);
      return `<${key}>`;
    },
    maxKept,
    maxKeyLength,
    keep,
  );
  return { compute, computed };
}

describe('memoized', () => {
  it('answers as the function does, for the last key and for earlier ones', () => {
    const { compute } = counted(10);
    for (const key of ['a', 'a', 'b', 'a', 'c', 'b', '', 'b', '']) {
      expect(compute(key)).toBe(`<${key}>`);
    }
  });

  it('computes a key once while it is kept, alternating keys included', () => {
    const { compute, computed } = counted(10);
    for (const key of ['a', 'a', 'b', 'a', 'b', 'c', 'a']) compute(key);
    expect(computed).toEqual(['a', 'b', 'c']);
  });

  it('drops what it keeps when full, so it holds at most maxKept keys', () => {
    const { compute, computed } = counted(2);
    for (const key of ['a', 'b', 'c', 'b', 'a']) compute(key);
    // c found the map full (a, b): all dropped, c kept; b and a are computed again.
    expect(computed).toEqual(['a', 'b', 'c', 'b', 'a']);
  });

  it('keeps no key longer than maxKeyLength, beyond the last one asked', () => {
    const { compute, computed } = counted(10, 3);
    for (const key of ['long', 'long', 'abc', 'long', 'abc']) compute(key);
    expect(computed).toEqual(['long', 'abc', 'long']);
  });

  it('keeps only what `keep` allows, beyond the last one asked', () => {
    const { compute, computed } = counted(10, 100, (key) => key !== 'secret');
    for (const key of ['secret', 'secret', 'a', 'secret', 'a']) compute(key);
    expect(computed).toEqual(['secret', 'a', 'secret']);
  });
});
