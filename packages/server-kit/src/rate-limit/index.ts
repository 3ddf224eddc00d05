export * from './client-address';
export * from './client-rate-limit';
export * from './keyed-serial';
export * from './mongo-counters';
export * from './mongo-limit-store';
export * from './rate-limit.module';
