export * from './infra';
export * from './internal-grpc-token';
export * from '../kafka/kafka-tools';
export * from './memory-limit-store';
