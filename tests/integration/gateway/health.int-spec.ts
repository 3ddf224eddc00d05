import { eventually } from '@handcheck/server-kit/testing';
import { SERVICES, SERVICE_NAMES, type ServiceName } from '@handcheck/service-registry';
import { type Engine, engine } from '../../support/engines';
import { stackServices } from '../../support/stack';

jest.setTimeout(240_000);

type Health = {
  status: string;
  info?: Record<string, { status: string }>;
  error?: Record<string, { status: string }>;
};

type Service = ServiceName;

// What each readiness reports, from the service registry; the gateway's own
// check is that it can serve the site, never Kafka.
const OWN_CHECKS: Partial<Record<Service, string[]>> = { gateway: ['site'] };
const ENGINES_OF = Object.fromEntries(
  SERVICE_NAMES.map((name) => [
    name,
    [...SERVICES[name].readyEngines, ...(OWN_CHECKS[name] ?? [])],
  ]),
) as Record<Service, string[]>;

// The supervised services of the test profile: they meet the outages as a deployment would.
describe('health endpoints of all five services', () => {
  const running = stackServices();

  async function health(
    service: Service,
    kind: 'live' | 'ready' = 'ready',
  ): Promise<{ status: number; body: Health }> {
    const response = await fetch(`${running[service].url}${SERVICES[service].health[kind]}`);
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
      // A consumer rejoins its group up to about 80 s after Kafka returns, longer when busy.
      180_000,
      500,
    );
  }

  it('each reports every one of its engines up', async () => {
    for (const service of SERVICE_NAMES) {
      // Another fault spec may have restarted an engine a moment ago.
      await expectAllUp(service);
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
      const affected = SERVICE_NAMES.filter((service) => ENGINES_OF[service].includes(key));
      const unaffected = SERVICE_NAMES.filter((service) => !affected.includes(service));
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
          // Liveness never depends on an engine: a pod is not restarted for an outage.
          expect((await health(service, 'live')).status).toBe(200);
        }
        // The gateway among them when Kafka is down: the site keeps serving.
        for (const service of unaffected) expect((await health(service)).status).toBe(200);
      } finally {
        engine('start', name);
      }
      for (const service of affected) await expectAllUp(service);
    },
  );
});
