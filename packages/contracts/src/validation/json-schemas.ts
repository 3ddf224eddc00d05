import { type MetadataStorage } from 'class-transformer/types/MetadataStorage';
import { IS_OPTIONAL, ValidationTypes, validateSync } from 'class-validator';
import { type ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';
import { type ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import { EMAIL_PATTERN } from '../text/email';
import { CONTRACT_VALIDATION, checkContract } from './check-contract';

// class-transformer's @Type metadata (arrays of nested classes); its storage module ships no types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: MetadataStorage;
};

export type JsonSchemas = ReturnType<typeof validationMetadatasToSchemas>;
export type JsonSchema = JsonSchemas[string];

const EMAIL_DESCRIPTION =
  "An e-mail address by the HTML standard's rule (what `<input type=email>` accepts): no spaces, no quotes.";

/** What class-validator-jsonschema does not say by itself, from the same metadata. */
const CONVERTERS: ISchemaConverters = {
  // The contracts' one e-mail rule is a pattern; the schema says in words which. Not
  // `format: email`: that is RFC 5321's address, and the HTML standard's rule departs from it
  // on purpose (it takes `a.@example.org`, refuses quoted local parts).
  matches: (meta: ValidationMetadata) => {
    const pattern = meta.constraints[0] as RegExp;
    return {
      type: 'string' as const,
      pattern: pattern.source,
      ...(pattern.source === EMAIL_PATTERN.source ? { description: EMAIL_DESCRIPTION } : {}),
    };
  },
  // @IsOptional lets null through as well as a missing field (OpenAPI 3.0's `nullable`).
  [ValidationTypes.CONDITIONAL_VALIDATION]: (meta: ValidationMetadata) =>
    meta.name === IS_OPTIONAL ? { nullable: true } : {},
};

/**
 * The fields a body must have. A missing field keeps the class's default (the @Transform
 * cleaning runs only on fields that are there), so a field is required exactly when its
 * default is refused: `patient_email = ''` is, `key_symptoms = []` is not.
 */
function requiredFields(contract: new () => object): string[] {
  return validateSync(new contract(), CONTRACT_VALIDATION).map((error) => error.property);
}

/** Values that are not text, of every JSON kind. */
const NOT_TEXT: unknown[] = [42, true, {}, []];
const ANY_VALUE = 'A value that is not a string counts as empty.';
const ANY_ITEM = 'An item that is not a string counts as empty and is left out.';

type Schema = Record<string, unknown> & { description?: string };

const noted = (schema: Schema, note: string): Schema => ({
  ...schema,
  description: schema.description ? `${schema.description} ${note}` : note,
});

/**
 * Spec section 5's cleaning turns a value that is not a string into empty text, which an
 * optional field (or a list, which drops empty items) then accepts: such a field takes any
 * value, and its schema must not say `type: string`. Found by asking the class itself, with
 * a body built from its fields' examples: the schema cannot say more than the class does.
 */
function loosenText(contract: new () => object, schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const example = Object.fromEntries(
    Object.entries(properties)
      .filter(([, property]) => 'example' in property)
      .map(([name, property]) => [name, property.example]),
  );
  if (!checkContract(contract, example).ok) return schema;
  const accepts = (name: string, value: unknown) =>
    checkContract(contract, { ...example, [name]: value }).ok;
  const acceptsEach = (name: string, wrap: (value: unknown) => unknown) =>
    NOT_TEXT.every((value) => accepts(name, wrap(value)));
  const loosened = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const items = property.items as Schema | undefined;
      if (property.type === 'string' && acceptsEach(name, (value) => value)) {
        const { type: _, ...rest } = property;
        return [name, noted(rest, ANY_VALUE)];
      }
      let loose = property;
      // The e-mail rule is its pattern, not RFC 5321's `format: email` (see CONVERTERS).
      if (loose.pattern === EMAIL_PATTERN.source && loose.format === 'email') {
        const { format: _, ...rest } = loose;
        loose = rest;
      }
      if (property.type === 'array' && items?.type === 'string' && acceptsEach(name, (v) => [v])) {
        const { type: _, ...rest } = items;
        loose = { ...noted(property, ANY_ITEM), items: rest };
      }
      // Empty items are left out before the list is counted: its bound is on what is left.
      // Unless the items are named one by one (an enum without ''): the document then allows
      // no empty item, and the bound holds for every list it allows.
      const maxItems = loose.maxItems as number | undefined;
      const named = (loose.items as Schema | undefined)?.enum;
      const emptyAllowed = !Array.isArray(named) || named.includes('');
      if (
        maxItems !== undefined &&
        emptyAllowed &&
        accepts(name, Array<string>(maxItems + 1).fill(''))
      ) {
        const { maxItems: _, ...rest } = loose;
        loose = noted(rest, `At most ${maxItems} items that are not empty once cleaned.`);
      }
      return [name, loose];
    }),
  );
  return { ...schema, properties: loosened } as JsonSchema;
}

const REF = '#/components/schemas/';

/**
 * The JSON Schemas (OpenAPI 3.0 dialect) of contract classes, generated from their
 * class-validator rules by class-validator-jsonschema: one per class, named after it, plus
 * those of the classes they nest (referred to as `#/components/schemas/<name>`). Bodies
 * are validated whitelisted and refused with any other field, so none has other properties.
 * The constraints hold for the cleaned value: the @Transform cleaning runs first.
 */
export function contractSchemas(contracts: ReadonlyArray<new () => object>): JsonSchemas {
  const all = validationMetadatasToSchemas({
    classTransformerMetadataStorage: defaultMetadataStorage,
    refPointerPrefix: REF,
    additionalConverters: CONVERTERS,
  });
  const byName = new Map(contracts.map((contract) => [contract.name, contract]));
  const wanted = [...byName.keys()];
  const schemas: JsonSchemas = {};
  while (wanted.length > 0) {
    const name = wanted.pop()!;
    if (schemas[name] || !all[name]) continue;
    const contract = byName.get(name);
    const required = contract ? requiredFields(contract) : (all[name].required ?? []);
    const { required: _, ...rest } = all[name];
    const schema = {
      ...rest,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    };
    schemas[name] = contract ? loosenText(contract, schema) : schema;
    for (const ref of JSON.stringify(rest).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      wanted.push(ref[1]!);
    }
  }
  return schemas;
}
