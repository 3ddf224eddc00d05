// The OpenAPI (3.0 JSON Schema) form of the event rules: what the API document says an event
// may hold is read from the same compiled class metadata the intake checks with.
import { type FieldRule } from './event-rules';
import { EVENT_RULES } from './event-rules.gen';
import { type BrowserEventType } from './events';

/** A JSON Schema object as OpenAPI 3.0 writes it (plain data). */
export type EventJsonSchema = Record<string, unknown>;

const UUID_SOURCE_START = '^(?:[0-9a-f]{8}-';

/** The schema of one field's value. */
export function fieldJsonSchema(rule: FieldRule): EventJsonSchema {
  const schema: EventJsonSchema = {};
  if (rule.kind === 'whole') {
    schema.type = 'integer';
    if (rule.min !== undefined) schema.minimum = rule.min;
    if (rule.max !== undefined) schema.maximum = rule.max;
  } else if (rule.kind === 'boolean') {
    schema.type = 'boolean';
  } else if (rule.kind === 'object') {
    schema.type = 'object';
    const fields = rule.fields ?? {};
    schema.properties = Object.fromEntries(
      Object.entries(fields).map(([name, field]) => [name, fieldJsonSchema(field)]),
    );
    const required = Object.keys(fields).filter((name) => !fields[name]!.optional);
    if (required.length > 0) schema.required = required;
    schema.additionalProperties = false;
  } else {
    schema.type = 'string';
    if (rule.oneOf) schema.enum = [...rule.oneOf];
    if (rule.maxLength !== undefined) schema.maxLength = rule.maxLength;
    if (rule.pattern?.source.startsWith(UUID_SOURCE_START)) schema.format = 'uuid';
    else if (rule.pattern) schema.pattern = rule.pattern.source;
  }
  if (rule.optional) schema.nullable = true;
  return schema;
}

/** The properties and required fields of one event type, `type` first. */
export function eventJsonSchema(type: BrowserEventType): {
  properties: Record<string, EventJsonSchema>;
  required: string[];
} {
  const fields = EVENT_RULES[type]!;
  return {
    properties: Object.fromEntries(
      Object.entries(fields).map(([name, rule]) => [name, fieldJsonSchema(rule)]),
    ),
    required: Object.keys(fields).filter((name) => !fields[name]!.optional),
  };
}
