export * from './gen/handcheck/analytics/v1/events_pb';
export * from './topics';
export { create, toBinary, fromBinary, toJson } from '@bufbuild/protobuf';
export * from './event-batches';
