export * from './gen/handcheck/analytics/v1/events_pb';
export * from './gen/handcheck/directory/v1/directory_pb';
export * from './gen/handcheck/report/v1/report_pb';
export * from './gen/handcheck/referral/v1/referral_pb';
export * from './topics';
export {
  create,
  toBinary,
  fromBinary,
  fromJson,
  toJson,
  type JsonObject,
} from '@bufbuild/protobuf';
export { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
export * from './event-batches';
export * from './browser-events';
export * from './browser-events/event-classes';
export { compileEventRules } from './browser-events/compile-event-rules';
export * from './stored-text';
export * from './text';
export * from './validation';
export * from './referral';
export * from './specialists';
