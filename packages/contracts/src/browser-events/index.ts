// `@handcheck/contracts/browser-events`: the browser's event JSON and its one validator.
// Dependency-free, so the web bundle imports it without the protobuf runtime.
export * from './events';
export { browserEventProblems, parseEventBatch } from './parse-event-batch';
