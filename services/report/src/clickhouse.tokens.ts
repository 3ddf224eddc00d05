export const CLICKHOUSE = Symbol('CLICKHOUSE');
