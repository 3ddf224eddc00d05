import { type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  ClickHouseEnv,
  type GrpcEnv,
  KafkaEnv,
  MailerEnv,
  MetricsServer,
  MongoEnv,
  applyHttpDefaults,
  connectGrpc,
  createHttpAdapter,
  loadConfig,
} from '@handcheck/server-kit';
import { createServer } from 'node:net';
import { DirectoryService, ReferralService, ReportService } from '@handcheck/contracts';
import {
  TEST_INTERNAL_GRPC_TOKEN,
  clickhouseServiceEnv,
  testInfra,
  uniqueName,
} from '@handcheck/server-kit/testing';
import { SERVICE_NAMES, type ServiceName } from '@handcheck/service-registry';
import { AppModule as GatewayModule } from '../../services/gateway/src/app.module';
import { GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { EVENTS_BODY_LIMIT, configureGateway } from '../../services/gateway/src/create-gateway';
import { AppModule as IngestionModule } from '../../services/ingestion/src/app.module';
import { IngestionEnv } from '../../services/ingestion/src/config/ingestion.env';
import { AppModule as DirectoryModule } from '../../services/directory/src/app.module';
import { DirectoryEnv } from '../../services/directory/src/config/directory.env';
import { AppModule as ReferralModule } from '../../services/referral/src/app.module';
import { ReferralEnv } from '../../services/referral/src/config/referral.env';
import { AppModule as ReportModule } from '../../services/report/src/app.module';
import { ReportEnv } from '../../services/report/src/config/report.env';
import { dropDatabase } from './clickhouse';

// Boots our real services in this process, pointed at the test engines that
// `deploy/infra.sh start --profile test` runs. Nothing here is mocked.

/** Every engine's settings, as the engine modules read them. */
type EngineEnvs = KafkaEnv & ClickHouseEnv & MongoEnv & MailerEnv;
const ENGINE_ENVS = [KafkaEnv, ClickHouseEnv, MongoEnv, MailerEnv] as const;

export interface Running<E> {
  app: INestApplication;
  /** The service's own settings and those of the engines it uses. */
  env: E & EngineEnvs;
  url: string;
  /** Where /metrics is served: the app's own port, or the gateway's metrics port. */
  metricsUrl: string;
  close: () => Promise<void>;
}

async function start<E extends object>(
  service: string,
  module: unknown,
  schema: new () => E,
  values: Record<string, string>,
  configure: (app: NestFastifyApplication) => void | Promise<void> = (app) =>
    applyHttpDefaults(app),
): Promise<Running<E>> {
  const all = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: '0',
    METRICS_PORT: '0',
    GRPC_PORT: '0',
    // One credential for every server and client the tests boot, as the supervisor gives them.
    INTERNAL_GRPC_TOKEN: TEST_INTERNAL_GRPC_TOKEN,
    ...values,
  };
  const env = loadConfig(service, schema, all);
  const engines = ENGINE_ENVS.map((engineSchema) =>
    loadConfig(service, engineSchema as new () => object, all),
  );
  let builder = Test.createTestingModule({ imports: [module as never] })
    .overrideProvider(schema)
    .useValue(env);
  // Providers a service does not have are ignored.
  for (const engineEnv of engines) {
    builder = builder.overrideProvider(engineEnv.constructor).useValue(engineEnv);
  }
  const moduleRef = await builder.compile();
  // As createHttpService builds it (server-kit's bootstrap.ts).
  const app = moduleRef.createNestApplication<NestFastifyApplication>(createHttpAdapter(), {
    bodyParser: false,
    bufferLogs: true,
  });
  await configure(app);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const ownMetrics = (() => {
    try {
      return app.get(MetricsServer, { strict: false });
    } catch {
      return undefined;
    }
  })();
  const metricsUrl = ownMetrics ? `http://127.0.0.1:${ownMetrics.port}/metrics` : `${url}/metrics`;
  // Engine settings first: the service's own win where names meet.
  const merged = Object.assign(Object.create(Object.getPrototypeOf(env)), ...engines, env) as E &
    EngineEnvs;
  return { app, env: merged, url, metricsUrl, close: () => app.close() };
}

export function startGateway(overrides: Record<string, string> = {}): Promise<Running<GatewayEnv>> {
  return start(
    'gateway',
    GatewayModule,
    GatewayEnv,
    {
      KAFKA_BROKERS: testInfra().kafkaBrokers,
      MONGO_URL: testInfra().mongoUrl,
      WEB_DIST_DIR: 'web/dist',
      // Every test sends from 127.0.0.1: the per-client limit is the subject of its own tests only.
      EVENTS_RATE_PER_SECOND: '100000',
      EVENTS_BURST: '100000',
      ...overrides,
    },
    async (app) => {
      applyHttpDefaults(app, EVENTS_BODY_LIMIT);
      await configureGateway(app);
    },
  );
}

export function startIngestion(
  overrides: Record<string, string> = {},
): Promise<Running<IngestionEnv>> {
  const infra = testInfra();
  return start('ingestion', IngestionModule, IngestionEnv, {
    KAFKA_BROKERS: infra.kafkaBrokers,
    ...clickhouseServiceEnv('ingestion'),
    CLICKHOUSE_DATABASE: uniqueName('hc_test'),
    CONSUMER_GROUP: uniqueName('ingestion-test'),
    BATCH_MAX_WAIT_MS: '100',
    BATCH_MIN_BYTES: '1',
    ...overrides,
  });
}

/** A port free right now (for gRPC, whose bound port Nest does not report). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A service with its gRPC server on `grpcAddress`, as its main.ts runs it. */
async function startWithGrpc<E extends GrpcEnv>(
  service: string,
  module: unknown,
  schema: new () => E,
  grpcService: Parameters<typeof connectGrpc>[1]['services'][number],
  engines: Record<string, string>,
  overrides: Record<string, string>,
): Promise<Running<E> & { grpcAddress: string }> {
  const grpcPort = overrides.GRPC_PORT ? Number(overrides.GRPC_PORT) : await freePort();
  const running = await start(
    service,
    module,
    schema,
    { ...engines, ...overrides, GRPC_PORT: String(grpcPort) },
    (app) => {
      applyHttpDefaults(app);
      connectGrpc(app, {
        services: [grpcService],
        port: grpcPort,
        host: '127.0.0.1',
        internalToken: app.get(schema).internalGrpcToken,
      });
    },
  );
  await running.app.startAllMicroservices();
  return { ...running, grpcAddress: `127.0.0.1:${grpcPort}` };
}

const mailAndMongo = () => {
  const infra = testInfra();
  return {
    MONGO_URL: infra.mongoUrl,
    SMTP_HOST: infra.smtpHost,
    SMTP_PORT: String(infra.smtpPort),
  };
};

/** The directory with its gRPC server (DirectoryService) on `grpcAddress`, as main.ts runs it. */
export function startDirectory(
  overrides: Record<string, string> = {},
): Promise<Running<DirectoryEnv> & { grpcAddress: string }> {
  const engines = { MONGO_URL: testInfra().mongoUrl };
  return startWithGrpc(
    'directory',
    DirectoryModule,
    DirectoryEnv,
    DirectoryService,
    engines,
    overrides,
  );
}

/** The referral service with its gRPC server (ReferralService) on `grpcAddress`, as main.ts runs it. */
export function startReferral(
  overrides: Record<string, string> = {},
): Promise<Running<ReferralEnv> & { grpcAddress: string }> {
  const engines = { KAFKA_BROKERS: testInfra().kafkaBrokers, ...mailAndMongo() };
  return startWithGrpc(
    'referral',
    ReferralModule,
    ReferralEnv,
    ReferralService,
    engines,
    overrides,
  );
}

/** The report with its gRPC server (ReportService) on `grpcAddress`, as main.ts runs it. */
export function startReport(
  overrides: Record<string, string> = {},
): Promise<Running<ReportEnv> & { grpcAddress: string }> {
  const engines = { ...clickhouseServiceEnv('report'), ...mailAndMongo() };
  return startWithGrpc('report', ReportModule, ReportEnv, ReportService, engines, overrides);
}

/**
 * All five services for the describe it is called in: started before its tests (ingestion on
 * a ClickHouse database of its own), closed after them, that database dropped.
 */
export function allServicesForTests(): Record<ServiceName, Running<object>> {
  const running = {} as Record<ServiceName, Running<object>>;
  beforeAll(async () => {
    // Together: each waits on its engines (Kafka's group joins above all), not on another
    // service. Every one that started is kept for afterAll, even when another failed.
    const starts: Record<ServiceName, Promise<Running<object>>> = {
      ingestion: startIngestion(),
      gateway: startGateway(),
      directory: startDirectory(),
      referral: startReferral(),
      report: startReport(),
    };
    const failures: unknown[] = [];
    await Promise.all(
      SERVICE_NAMES.map((service) =>
        starts[service].then(
          (started) => void (running[service] = started),
          (error: unknown) => void failures.push(error),
        ),
      ),
    );
    if (failures.length > 0) throw failures[0];
  });
  afterAll(async () => {
    for (const service of SERVICE_NAMES) await running[service]?.close();
    const { CLICKHOUSE_DATABASE } = (running.ingestion?.env ?? {}) as {
      CLICKHOUSE_DATABASE?: string;
    };
    if (CLICKHOUSE_DATABASE) await dropDatabase(CLICKHOUSE_DATABASE);
  });
  return running;
}
