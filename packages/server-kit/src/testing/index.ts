export * from './infra';
export * from '../kafka/kafka-tools';
export * from './memory-limit-store';
