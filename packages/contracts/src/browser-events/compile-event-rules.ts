// Reads the event classes' class-validator metadata into plain rules (event-rules.ts), once.
// Only the decorators the contract uses are understood; any other one throws, so a rule added
// to a class is never silently left out of what the services and the browser check.
import { getMetadataStorage } from 'class-validator';
import { EVENT_CONTRACTS, nestedContract } from './event-classes';
import { type EventRules, type FieldRule } from './event-rules';

type Contract = new () => object;
/** class-validator does not export this type from its entry point. */
type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

const messageOf = (metadata: ValidationMetadata) =>
  typeof metadata.message === 'string' ? metadata.message : undefined;

const listed = (values: readonly string[]) =>
  values.length === 1
    ? `"${values[0]}"`
    : `one of: ${values.map((value) => (value === '' ? '"" (empty)' : value)).join(', ')}`;

function expectedOf(rule: Omit<FieldRule, 'expected'>): string {
  if (rule.kind === 'object') return 'an object';
  if (rule.kind === 'whole') {
    return rule.max === undefined
      ? `a whole number, ${rule.min ?? 0} or more`
      : `a whole number from ${rule.min ?? 0} to ${rule.max}`;
  }
  if (rule.oneOf) return listed(rule.oneOf);
  if (rule.pattern) return `text matching /${rule.pattern.source}/`;
  return rule.maxLength === undefined ? 'text' : `text of at most ${rule.maxLength} characters`;
}

function fieldRule(
  contract: Contract,
  property: string,
  metadatas: ValidationMetadata[],
): FieldRule {
  const rule: Omit<FieldRule, 'expected'> & { kind?: FieldRule['kind'] } = {
    optional: false,
  } as Omit<FieldRule, 'expected'>;
  let expected: string | undefined;
  for (const metadata of metadatas) {
    expected ??= messageOf(metadata);
    const constraints = (metadata.constraints ?? []) as unknown[];
    switch (metadata.name ?? metadata.type) {
      case 'isOptional':
        rule.optional = true;
        break;
      case 'isString':
        rule.kind = 'text';
        break;
      case 'maxLength':
        rule.kind = 'text';
        rule.maxLength = constraints[0] as number;
        break;
      case 'matches': {
        rule.kind = 'text';
        const pattern = constraints[0] as RegExp;
        rule.pattern = { source: pattern.source, flags: pattern.flags };
        break;
      }
      case 'isIn':
        rule.kind = 'text';
        rule.oneOf = [...(constraints[0] as string[])];
        break;
      case 'equals':
        rule.kind = 'text';
        rule.oneOf = [constraints[0] as string];
        break;
      case 'isInt':
        rule.kind = 'whole';
        break;
      case 'min':
        rule.min = constraints[0] as number;
        break;
      case 'max':
        rule.max = constraints[0] as number;
        break;
      case 'isObject':
        rule.kind = 'object';
        break;
      case 'nestedValidation': {
        const nested = nestedContract(contract, property);
        if (!nested)
          throw new Error(`${contract.name}.${property}: @ValidateNested without @Nested`);
        rule.fields = fieldRules(nested);
        break;
      }
      default:
        throw new Error(
          `${contract.name}.${property}: the event rules do not understand @${metadata.name ?? metadata.type}`,
        );
    }
  }
  if (rule.kind === undefined) throw new Error(`${contract.name}.${property}: no type decorator`);
  const complete = rule as Omit<FieldRule, 'expected'>;
  return { ...complete, expected: expected ?? expectedOf(complete) };
}

function fieldRules(contract: Contract): Record<string, FieldRule> {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(contract, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const metadata of metadatas) {
    const list = byProperty.get(metadata.propertyName) ?? [];
    list.push(metadata);
    byProperty.set(metadata.propertyName, list);
  }
  // `type` first, then the fields in the order the classes declare them (base class first).
  const order = [...byProperty.keys()].sort((a, b) => (a === 'type' ? -1 : b === 'type' ? 1 : 0));
  return Object.fromEntries(
    order.map((property) => [property, fieldRule(contract, property, byProperty.get(property)!)]),
  );
}

/** The rules of every event type, read from the classes' metadata. */
export function compileEventRules(
  contracts: Readonly<Record<string, Contract>> = EVENT_CONTRACTS,
): EventRules {
  return Object.fromEntries(
    Object.entries(contracts).map(([type, contract]) => [type, fieldRules(contract)]),
  );
}

/** event-rules.gen.ts's text: the compiled rules as a TypeScript constant. */
export function eventRulesModule(rules: EventRules = compileEventRules()): string {
  return `// Generated from the class-validator classes in event-classes.ts by compile-event-rules.ts:
// do not edit. Regenerate with
//   npx tsx -e "process.stdout.write(require('./packages/contracts/src/browser-events/compile-event-rules').eventRulesModule())" > packages/contracts/src/browser-events/event-rules.gen.ts
// (event-classes.spec.ts fails while this differs from what the classes compile to).
import { type EventRules } from './event-rules';

export const EVENT_RULES: EventRules = ${JSON.stringify(rules, null, 2)};
`;
}
