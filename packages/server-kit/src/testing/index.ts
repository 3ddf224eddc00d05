export * from './infra';
export * from '../kafka/kafka-tools';
