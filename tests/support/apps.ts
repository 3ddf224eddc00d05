import { type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { applyHttpDefaults, loadConfig } from '@handcheck/server-kit';
import { testInfra, uniqueName } from '@handcheck/server-kit/testing';
import { AppModule as GatewayModule } from '../../services/gateway/src/app.module';
import { GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { EVENTS_BODY_LIMIT, configureGateway } from '../../services/gateway/src/create-gateway';
import { AppModule as IngestionModule } from '../../services/ingestion/src/app.module';
import { IngestionEnv } from '../../services/ingestion/src/config/ingestion.env';

// Boots our real services in this process, pointed at the test engines that
// `deploy/infra.sh start --profile test` runs. Nothing here is mocked.

export interface Running<E> {
  app: INestApplication;
  env: E;
  url: string;
  close: () => Promise<void>;
}

async function listenOnFreePort<E>(app: INestApplication, env: E): Promise<Running<E>> {
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  return { app, env, url: `http://127.0.0.1:${address.port}`, close: () => app.close() };
}

export async function startGateway(
  overrides: Record<string, string> = {},
): Promise<Running<GatewayEnv>> {
  const infra = testInfra();
  const env = loadConfig('gateway', GatewayEnv, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    KAFKA_BROKERS: infra.kafkaBrokers,
    WEB_DIST_DIR: 'web/dist',
    ...overrides,
  });
  const moduleRef = await Test.createTestingModule({ imports: [GatewayModule] })
    .overrideProvider(GatewayEnv)
    .useValue(env)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    bufferLogs: true,
  });
  applyHttpDefaults(app, EVENTS_BODY_LIMIT);
  configureGateway(app);
  return listenOnFreePort(app, env);
}

export async function startIngestion(
  overrides: Record<string, string> = {},
): Promise<Running<IngestionEnv>> {
  const infra = testInfra();
  const env = loadConfig('ingestion', IngestionEnv, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    KAFKA_BROKERS: infra.kafkaBrokers,
    CLICKHOUSE_URL: infra.clickhouseUrl,
    CLICKHOUSE_DATABASE: uniqueName('hc_test'),
    CONSUMER_GROUP: uniqueName('ingestion-test'),
    BATCH_MAX_WAIT_MS: '100',
    BATCH_MIN_BYTES: '1',
    ...overrides,
  });
  const moduleRef = await Test.createTestingModule({ imports: [IngestionModule] })
    .overrideProvider(IngestionEnv)
    .useValue(env)
    .compile();
  const app = moduleRef.createNestApplication<NestExpressApplication>({
    bodyParser: false,
    bufferLogs: true,
  });
  applyHttpDefaults(app);
  return listenOnFreePort(app, env);
}
