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

function fieldRule(
  contract: Contract,
  property: string,
  metadatas: ValidationMetadata[],
): FieldRule {
  const rule = { optional: false } as Omit<FieldRule, 'kind'> & { kind?: FieldRule['kind'] };
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
      case 'isBoolean':
        rule.kind = 'boolean';
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
  // The message a decorator gave, when it gave one; otherwise it is said from the rule.
  return expected === undefined ? (rule as FieldRule) : { ...(rule as FieldRule), expected };
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

/** event-rules.gen.ts's text: the compiled rules as a TypeScript constant, long lists written once. */
export function eventRulesModule(rules: EventRules = compileEventRules()): string {
  const lists: string[] = [];
  const json = JSON.stringify(
    rules,
    (key, value: unknown) => {
      if (key !== 'oneOf' || !Array.isArray(value) || value.length < 3) return value;
      const text = JSON.stringify(value);
      const index = lists.includes(text) ? lists.indexOf(text) : lists.push(text) - 1;
      return `@@LIST_${index}@@`;
    },
    2,
  ).replace(/"@@LIST_(\d+)@@"/g, 'LIST_$1');
  return `// Generated from the class-validator classes in event-classes.ts by compile-event-rules.ts:
// do not edit. Regenerate with
//   npx tsx -e "process.stdout.write(require('./packages/contracts/src/browser-events/compile-event-rules').eventRulesModule())" > packages/contracts/src/browser-events/event-rules.gen.ts && npx prettier --write packages/contracts/src/browser-events/event-rules.gen.ts
// (event-classes.spec.ts fails while this differs from what the classes compile to).
import { type EventRules } from './event-rules';

${lists.map((list, index) => `const LIST_${index}: readonly string[] = ${list};\n`).join('\n')}
export const EVENT_RULES: EventRules = ${json};
`;
}
