// `@handcheck/contracts/browser-events`: the browser's event JSON and its one validator.
// Dependency-free, so the web bundle imports it without the protobuf runtime or
// class-validator: the rules are compiled from the classes in event-classes.ts.
export * from './events';
export { browserEventProblems, parseEventBatch } from './parse-event-batch';
export { type EventRules, type FieldRule, eventProblemsWith, textLength } from './event-rules';
export { EVENT_RULES } from './event-rules.gen';
export { type EventJsonSchema, eventJsonSchema, fieldJsonSchema } from './event-json-schema';
