import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The engines of each profile (deploy/engines/common.sh) and the services (the service registry)
 * listen on fixed ports. A fixed port inside Linux's ephemeral range (32768-60999 unless the
 * machine says otherwise) can be held at any moment by an outgoing connection's local end, and the
 * engine that needs it then exits at start-up: once a Kafka broker of profile scale did, in CI.
 */
const ROOT = join(__dirname, '..', '..');
const COMMON = join(ROOT, 'deploy', 'engines', 'common.sh');

/** Every *_PORT variable load_profile sets for the profile, without the HANDCHECK_ overrides. */
function enginePorts(profile: string): Record<string, number> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^HANDCHECK_.*PORT$/.test(key)),
  );
  const out = execFileSync(
    'bash',
    ['-c', `source "$0"; load_profile "$1"; set | grep -E '^[A-Z0-9_]+_PORT='`, COMMON, profile],
    { encoding: 'utf8', env },
  );
  return Object.fromEntries(
    out
      .trim()
      .split('\n')
      .map((line) => line.split('='))
      .map(([name, value]) => [name, Number(value)]),
  );
}

function ephemeralRange(): [number, number] {
  const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
    .trim()
    .split(/\s+/)
    .map(Number);
  return [Math.min(low, 32768), Math.max(high, 60999)];
}

const registry = JSON.parse(
  readFileSync(join(ROOT, 'packages', 'service-registry', 'src', 'services.json'), 'utf8'),
) as {
  testPortOffset: number;
  services: Record<string, { httpPort: number; metricsPort: number; grpcPort: number | null }>;
};

function servicePorts(offset: number): number[] {
  return Object.values(registry.services).flatMap((service) =>
    [service.httpPort, service.metricsPort, service.grpcPort]
      .filter((port): port is number => port !== null)
      .map((port) => port + offset),
  );
}

describe('fixed ports', () => {
  const [low, high] = ephemeralRange();
  const outside = (port: number) => port < low || port > high;

  it.each(['dev', 'test', 'scale'])(
    'profile %s: every engine port is outside the ephemeral range',
    (profile) => {
      const ports = enginePorts(profile);
      expect(Object.keys(ports).length).toBeGreaterThanOrEqual(7);
      const inside = Object.entries(ports).filter(([, port]) => !outside(port));
      expect(inside).toEqual([]);
      expect(new Set(Object.values(ports)).size).toBe(Object.values(ports).length);
    },
  );

  it('every service port, in production and in the test profile, is outside it too', () => {
    const ports = [...servicePorts(0), ...servicePorts(registry.testPortOffset)];
    expect(ports.filter((port) => !outside(port))).toEqual([]);
  });
});
