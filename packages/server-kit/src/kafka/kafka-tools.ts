// For scripts and tests that talk to Kafka from outside a service (seeding,
// checking a dead-letter topic): the same client set-up as the services,
// without anyone else importing kafkajs.
export type { Admin, Consumer, Kafka, Producer } from 'kafkajs';
export { ConfigResourceTypes, KafkaJSNonRetriableError } from 'kafkajs';
export { createKafka, createProducer, ensureTopics } from './kafka-client';
export { keyPartition } from './key-partitioner';
