/**
 * `compute` with its answers kept: the last key asked answers without a lookup (a request's
 * events, and a batch's, share one User-Agent), others from a map of at most `maxKept` keys,
 * all dropped when it is full. Only keys `keep(key, answer)` allows go in the map (say, those
 * the answer leaves unchanged, so no text a reduction removes is held), none longer than
 * `maxKeyLength`, so what is kept stays bounded whatever clients send. `compute` must be pure.
 */
export function memoized(
  compute: (key: string) => string,
  maxKept: number,
  maxKeyLength: number,
  keep: (key: string, answer: string) => boolean = () => true,
): (key: string) => string {
  const kept = new Map<string, string>();
  let lastKey: string | undefined;
  let lastValue = '';
  return (key) => {
    if (key === lastKey) return lastValue;
    let value = kept.get(key);
    if (value === undefined) {
      value = compute(key);
      if (key.length <= maxKeyLength && keep(key, value)) {
        if (kept.size >= maxKept) kept.clear();
        kept.set(key, value);
      }
    }
    lastKey = key;
    lastValue = value;
    return value;
  };
}
