// The browser event contract as plain data, and the one function that checks an event with it.
//
// The definition is the class-validator classes in event-classes.ts. Running class-validator on
// every event of the intake's hot path costs more than the intake can spare (see
// docs/analytics.md, "One contract"), and the browser must not bundle it, so the rules are read
// once from the classes' metadata (compile-event-rules.ts) into this form. event-rules.gen.ts
// holds that output for the browser and the services alike; a unit test fails when it differs
// from what the classes compile to, and a property test that this check and class-validator
// accept exactly the same events. Dependency-free: the web tracker imports it.

/** How one field is checked: what class-validator's decorators on it say, as data. */
export interface FieldRule {
  /** `@IsOptional()`: undefined and null stand for "left out". */
  optional: boolean;
  kind: 'text' | 'whole' | 'boolean' | 'object';
  /**
   * What a problem says the value must be, when a decorator's message says it; otherwise
   * it is said from the rule (expectedOf), e.g. "a whole number from 1 to 6".
   */
  expected?: string;
  /** text: `@MaxLength`, counted as class-validator counts (an emoji is one). */
  maxLength?: number;
  /** text: `@Matches` (source and flags). */
  pattern?: { source: string; flags: string };
  /** text: `@IsIn` / `@Equals`. */
  oneOf?: readonly string[];
  /** whole: `@Min` / `@Max`. */
  min?: number;
  max?: number;
  /** object: the nested class's fields (`@ValidateNested` + `@Type`); no others are allowed. */
  fields?: Readonly<Record<string, FieldRule>>;
}

/** Every field each event type may carry, `type` included; any other field is refused. */
export type EventRules = Readonly<Record<string, Readonly<Record<string, FieldRule>>>>;

const listed = (values: readonly string[]) =>
  values.length === 1
    ? `"${values[0]}"`
    : `one of: ${values.map((value) => (value === '' ? '"" (empty)' : value)).join(', ')}`;

/** What a problem says a value under `rule` must be. */
export function expectedOf(rule: FieldRule): string {
  if (rule.expected !== undefined) return rule.expected;
  if (rule.kind === 'object') return 'an object';
  if (rule.kind === 'boolean') return 'true or false';
  if (rule.kind === 'whole') {
    return rule.max === undefined
      ? `a whole number, ${rule.min ?? 0} or more`
      : `a whole number from ${rule.min ?? 0} to ${rule.max}`;
  }
  if (rule.oneOf) return listed(rule.oneOf);
  if (rule.pattern) return `text matching /${rule.pattern.source}/`;
  return rule.maxLength === undefined ? 'text' : `text of at most ${rule.maxLength} characters`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Characters as validator.js (class-validator's MaxLength) counts them: a surrogate pair
 * (an emoji) or a character with its emoji/text presentation selector is one.
 */
export function textLength(text: string): number {
  const pairs = text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  const selectors = text.match(/[^\uFE0F\uFE0E][\uFE0F\uFE0E]/g)?.length ?? 0;
  return text.length - pairs - selectors;
}

// Compiled once per rule: keyed by the rule's own pattern object.
const patterns = new WeakMap<object, RegExp>();
function regExp(pattern: { source: string; flags: string }): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern.source, pattern.flags);
    patterns.set(pattern, compiled);
  }
  return compiled;
}

function valid(rule: FieldRule, value: unknown): boolean {
  switch (rule.kind) {
    case 'text':
      return (
        typeof value === 'string' &&
        (rule.maxLength === undefined ||
          value.length <= rule.maxLength ||
          textLength(value) <= rule.maxLength) &&
        (rule.pattern === undefined || regExp(rule.pattern).test(value)) &&
        (rule.oneOf === undefined || rule.oneOf.includes(value))
      );
    case 'whole':
      return (
        Number.isInteger(value) &&
        (rule.min === undefined || (value as number) >= rule.min) &&
        (rule.max === undefined || (value as number) <= rule.max)
      );
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
  }
}

const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** What is wrong with `object` under `fields`, each problem naming `where` and the field. */
export function fieldProblems(
  fields: Readonly<Record<string, FieldRule>>,
  object: Record<string, unknown>,
  where: string,
  /** Whose fields these are, e.g. "page_view events". */
  owner: string,
): string[] {
  const problems: string[] = [];
  for (const field of Object.keys(fields)) {
    const rule = fields[field]!;
    const value = own(object, field) ? object[field] : undefined;
    if (value === undefined || value === null) {
      if (!rule.optional) {
        problems.push(
          value === undefined
            ? `${where}.${field} is missing: it must be ${expectedOf(rule)}.`
            : `${where}.${field} must be ${expectedOf(rule)}.`,
        );
      }
    } else if (!valid(rule, value)) {
      problems.push(
        `${where}.${field} must be ${expectedOf(rule)}${rule.optional ? ', or null' : ''}.`,
      );
    } else if (rule.kind === 'object' && rule.fields) {
      problems.push(
        ...fieldProblems(
          rule.fields,
          value as Record<string, unknown>,
          `${where}.${field}`,
          `${owner.replace(/ events$/, '')} ${field}`,
        ),
      );
    }
  }
  for (const field of Object.keys(object)) {
    if (!own(fields, field)) {
      problems.push(`${where}.${field} is not a field of ${owner}; leave it out.`);
    }
  }
  return problems;
}

/**
 * What is wrong with one event under `rules`, e.g. "events[2].stepNumber must be a whole
 * number from 1 to 6."; empty when it is fine.
 */
export function eventProblemsWith(rules: EventRules, event: unknown, where = 'event'): string[] {
  if (!isObject(event)) return [`${where} must be an object.`];
  const type = event.type;
  if (typeof type !== 'string' || !own(rules, type)) {
    return [`${where}.type must be one of: ${Object.keys(rules).join(', ')}.`];
  }
  return fieldProblems(rules[type]!, event, where, `${type} events`);
}

type Check = (value: unknown) => boolean;

/** valid() for one rule, with its pattern, list and nested fields resolved once. */
function valueCheck(rule: FieldRule): Check {
  switch (rule.kind) {
    case 'text': {
      const { maxLength } = rule;
      // Both checks share each RegExp: a global or sticky one would carry lastIndex between them.
      if (rule.pattern && /[gy]/.test(rule.pattern.flags)) {
        throw new Error(
          `compileEventCheck: /${rule.pattern.source}/${rule.pattern.flags} keeps state`,
        );
      }
      const pattern = rule.pattern && regExp(rule.pattern);
      const oneOf = rule.oneOf && new Set(rule.oneOf);
      return (value) =>
        typeof value === 'string' &&
        (maxLength === undefined || value.length <= maxLength || textLength(value) <= maxLength) &&
        (pattern === undefined || pattern.test(value)) &&
        (oneOf === undefined || oneOf.has(value));
    }
    case 'whole': {
      const min = rule.min ?? -Infinity;
      const max = rule.max ?? Infinity;
      return (value) =>
        Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
    }
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'object': {
      const fields = rule.fields && fieldsCheck(rule.fields);
      return (value) => isObject(value) && (fields === undefined || fields(value));
    }
  }
}

/** fieldProblems(...).length === 0, without wording a problem. */
function fieldsCheck(
  fields: Readonly<Record<string, FieldRule>>,
): (object: Record<string, unknown>) => boolean {
  const checks = Object.entries(fields).map(([name, rule]) => ({
    name,
    optional: rule.optional,
    check: valueCheck(rule),
  }));
  return (object) => {
    for (const { name, optional, check } of checks) {
      const value = own(object, name) ? object[name] : undefined;
      if (value === undefined || value === null ? !optional : !check(value)) return false;
    }
    for (const key in object) if (own(object, key) && !own(fields, key)) return false;
    return true;
  };
}

/**
 * eventProblemsWith(rules, event) is empty, as one function built once: the intake checks
 * every event of every request, and nearly all are fine, so the problems are worded only for
 * a refusal. The property test in event-classes.spec.ts holds the two (and class-validator) to
 * the same answers.
 */
export function compileEventCheck(rules: EventRules): Check {
  const byType = new Map(
    Object.entries(rules).map(([type, fields]) => [type, fieldsCheck(fields)]),
  );
  return (event) => {
    if (!isObject(event)) return false;
    const check = typeof event.type === 'string' ? byType.get(event.type) : undefined;
    return check !== undefined && check(event);
  };
}
