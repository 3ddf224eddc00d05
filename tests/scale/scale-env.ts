// Jest setup of the scale project: every test helper that reads the engines'
// addresses (testInfra) is pointed at profile scale's, as `deploy/infra.sh start
// --profile scale` wrote them (three brokers, clickhouse1, its own MongoDB and Mailpit).
import { join } from 'node:path';
import { REPO_ROOT, testInfra } from '@handcheck/server-kit/testing';

const root = process.env.HANDCHECK_VAR_DIR ?? join(REPO_ROOT, 'var');
const previous = process.env.HANDCHECK_VAR_DIR;
process.env.HANDCHECK_VAR_DIR = join(root, 'scale');
const infra = testInfra();
if (previous === undefined) delete process.env.HANDCHECK_VAR_DIR;
else process.env.HANDCHECK_VAR_DIR = previous;

Object.assign(process.env, {
  TEST_KAFKA_BROKERS: infra.kafkaBrokers,
  TEST_CLICKHOUSE_URL: infra.clickhouseUrl,
  TEST_CLICKHOUSE_TCP_PORT: String(infra.clickhouseTcpPort),
  // Each ClickHouse account's login: the profile's own passwords (deploy/infra.sh).
  ...Object.fromEntries(
    Object.entries(infra.clickhouse).flatMap(([account, login]) => [
      [`TEST_CLICKHOUSE_${account.toUpperCase()}_USER`, login.username],
      [`TEST_CLICKHOUSE_${account.toUpperCase()}_PASSWORD`, login.password],
    ]),
  ),
  TEST_MONGO_URL: infra.mongoUrl,
  TEST_SMTP_HOST: infra.smtpHost,
  TEST_SMTP_PORT: String(infra.smtpPort),
  TEST_MAILPIT_URL: infra.mailpitUrl,
});
