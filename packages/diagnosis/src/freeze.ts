/**
 * The option lists and the weights table are shared by every caller in the browser;
 * freezing them means a stray mutation fails loudly instead of skewing later diagnoses.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) {
      deepFreeze((value as Record<string, unknown>)[key]);
    }
  }
  return value;
}
