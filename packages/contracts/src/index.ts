export * from './gen/handcheck/analytics/v1/events_pb';
export * from './gen/handcheck/directory/v1/directory_pb';
export * from './gen/handcheck/report/v1/report_pb';
export * from './topics';
export { create, toBinary, fromBinary, toJson } from '@bufbuild/protobuf';
export * from './event-batches';
export * from './browser-events';
