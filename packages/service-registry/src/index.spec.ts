import { SERVICES, SERVICE_NAMES, portFor } from './index';

describe('service registry', () => {
  it('gives every service distinct ports in each profile', () => {
    for (const profile of ['dev', 'test'] as const) {
      const ports = SERVICE_NAMES.flatMap((name) => {
        const entry = SERVICES[name];
        const own = [
          entry.httpPort,
          entry.grpcPort,
          entry.metricsPort === entry.httpPort ? null : entry.metricsPort,
        ];
        return own
          .filter((p): p is number => p !== null)
          .map((p) => (profile === 'test' ? p + 10000 : p));
      });
      expect(new Set(ports).size).toBe(ports.length);
    }
  });

  it('never makes the gateway ready depend on Kafka, and never serves its metrics on the public port', () => {
    expect(SERVICES.gateway.readyEngines).not.toContain('kafka');
    expect(SERVICES.gateway.metricsPort).not.toBe(SERVICES.gateway.httpPort);
  });

  it('readiness only checks engines the service uses, and live differs from ready', () => {
    for (const name of SERVICE_NAMES) {
      const entry = SERVICES[name];
      for (const engine of entry.readyEngines) expect(entry.engines).toContain(engine);
      expect(entry.health.live).not.toBe(entry.health.ready);
    }
  });

  it('offsets test ports', () => {
    expect(portFor('dev', 'gateway', 'httpPort')).toBe(8080);
    expect(portFor('test', 'gateway', 'httpPort')).toBe(18080);
    expect(() => portFor('dev', 'gateway', 'grpcPort')).toThrow(/no grpcPort/);
  });
});
