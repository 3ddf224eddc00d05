import { eventually } from '@handcheck/server-kit/testing';
import {
  type Running,
  startDirectory,
  startGateway,
  startIngestion,
  startReferral,
  startReport,
} from '../support/apps';
import { dropDatabase } from '../support/clickhouse';
import { type Engine, engine } from '../support/engines';

jest.setTimeout(240_000);

type Health = {
  status: string;
  info?: Record<string, { status: string }>;
  error?: Record<string, { status: string }>;
};

const SERVICES = ['gateway', 'ingestion', 'directory', 'referral', 'report'] as const;
type Service = (typeof SERVICES)[number];

const ENGINES_OF: Record<Service, string[]> = {
  gateway: ['kafka'],
  ingestion: ['kafka', 'clickhouse'],
  directory: ['mongodb'],
  referral: ['kafka', 'mongodb', 'smtp'],
  report: ['clickhouse', 'smtp'],
};

describe('health endpoints of all five services', () => {
  const running = {} as Record<Service, Running<object>>;

  beforeAll(async () => {
    running.gateway = await startGateway();
    running.ingestion = await startIngestion();
    running.directory = await startDirectory();
    running.referral = await startReferral();
    running.report = await startReport();
  });

  afterAll(async () => {
    for (const service of SERVICES) await running[service]?.close();
    const db = (running.ingestion?.env as { CLICKHOUSE_DATABASE?: string } | undefined)
      ?.CLICKHOUSE_DATABASE;
    if (db) await dropDatabase(db);
  });

  async function health(service: Service): Promise<{ status: number; body: Health }> {
    const path = service === 'gateway' ? '/api/health' : '/health';
    const response = await fetch(`${running[service].url}${path}`);
    return { status: response.status, body: (await response.json()) as Health };
  }

  async function expectAllUp(service: Service) {
    await eventually(
      async () => {
        const { status, body } = await health(service);
        return status === 200 && ENGINES_OF[service].every((e) => body.info?.[e]?.status === 'up')
          ? true
          : undefined;
      },
      60_000,
      500,
    );
  }

  it('each reports every one of its engines up', async () => {
    for (const service of SERVICES) {
      const { status, body } = await health(service);
      expect({ service, status, engines: Object.keys(body.info ?? {}).sort() }).toEqual({
        service,
        status: 200,
        engines: [...ENGINES_OF[service]].sort(),
      });
      for (const name of ENGINES_OF[service]) expect(body.info?.[name]?.status).toBe('up');
    }
  });

  const outages: Array<[Engine, string]> = [
    ['mail', 'smtp'],
    ['clickhouse', 'clickhouse'],
    ['mongo', 'mongodb'],
    ['kafka', 'kafka'],
  ];

  it.each(outages)(
    'with %s stopped, the services that need it report it down, then up again',
    async (name, key) => {
      const affected = SERVICES.filter((service) => ENGINES_OF[service].includes(key));
      engine('stop', name);
      try {
        for (const service of affected) {
          const { status, body } = await eventually(
            async () => {
              const result = await health(service);
              return result.status === 503 ? result : undefined;
            },
            30_000,
            500,
          );
          expect(status).toBe(503);
          expect(body.error?.[key]?.status).toBe('down');
        }
      } finally {
        engine('start', name);
      }
      for (const service of affected) await expectAllUp(service);
    },
  );
});
