import { BadRequestException } from '@nestjs/common';

/** Deeper than any body our API takes; a walk this deep cannot exhaust the stack of what reads it next. */
export const MAX_JSON_DEPTH = 32;

/** Keys that name object machinery, not data: never accepted in a request body. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What is wrong with the shape of a parsed JSON body, or undefined when it is
 * fine: nesting deeper than maxDepth (validators, class-transformer and
 * JSON.stringify all recurse, and a few thousand levels overflow the stack),
 * or a key such as `__proto__` or `constructor`. Its own recursion stops at
 * maxDepth + 1 levels, so it cannot overflow; it allocates nothing on the way.
 */
export function jsonShapeProblem(value: unknown, maxDepth = MAX_JSON_DEPTH): string | undefined {
  return shapeProblem(value, 1, maxDepth);
}

function shapeProblem(item: unknown, depth: number, maxDepth: number): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  if (depth > maxDepth) return `The request body is nested more than ${maxDepth} levels deep.`;
  if (Array.isArray(item)) {
    for (const child of item) {
      const problem = shapeProblem(child, depth + 1, maxDepth);
      if (problem !== undefined) return problem;
    }
    return undefined;
  }
  // JSON.parse makes plain objects: every enumerable key is their own (`__proto__` included).
  for (const key in item) {
    if (FORBIDDEN_KEYS.has(key)) return `The request body may not use the key "${key}".`;
    const problem = shapeProblem((item as Record<string, unknown>)[key], depth + 1, maxDepth);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** jsonShapeProblem as a 400 to throw, or undefined. */
export function jsonShapeException(value: unknown): BadRequestException | undefined {
  const problem = jsonShapeProblem(value);
  return problem === undefined ? undefined : new BadRequestException(problem);
}

/**
 * A byte count from a body-parser style limit ('64kb', '1mb', '100b', or a number).
 * Units are powers of 1024, as body-parser reads them.
 */
export function limitBytes(limit: string | number): number {
  if (typeof limit === 'number') return limit;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  if (!match) throw new Error(`Not a size: ${limit}`);
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[unit]!;
  return Math.floor(Number(match[1]) * factor);
}

/** The declared Content-Length when it is a plain number, else undefined. */
export function declaredLength(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
