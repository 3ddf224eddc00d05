import registry from './services.json';

// The JSON is the source so that plain-node scripts (the supervisor, the
// container health check) read the very same file without a build step.

export const SERVICE_NAMES = ['gateway', 'ingestion', 'directory', 'referral', 'report'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export const ENGINE_NAMES = ['kafka', 'clickhouse', 'mongodb', 'smtp'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

export type Profile = 'dev' | 'test';

export interface ServiceEntry {
  /** HTTP port: the API and site for the gateway, health and metrics for the others. */
  httpPort: number;
  /** Where /metrics is served; only the gateway's differs from httpPort (its HTTP port is public). */
  metricsPort: number;
  grpcPort: number | null;
  health: { live: string; ready: string };
  metricsPath: string;
  /** Every engine the service talks to. */
  engines: EngineName[];
  /** The engines its readiness depends on (the gateway keeps serving without Kafka). */
  readyEngines: EngineName[];
  /** Batch work that runs at background CPU priority on a shared machine. */
  background: boolean;
  /**
   * Node's flags for the service (NODE_OPTIONS), set alike by the supervisor, the compose file
   * and the chart: ingestion's young generation holds a consumed batch until it is stored.
   */
  nodeOptions: string[];
}

function checked(): Record<ServiceName, ServiceEntry> {
  const services = registry.services as Record<string, ServiceEntry>;
  const names = Object.keys(services).sort();
  if (names.join() !== [...SERVICE_NAMES].sort().join()) {
    throw new Error(
      `services.json lists ${names.join(', ')}; expected ${SERVICE_NAMES.join(', ')}`,
    );
  }
  for (const [name, entry] of Object.entries(services)) {
    for (const engine of [...entry.engines, ...entry.readyEngines]) {
      if (!(ENGINE_NAMES as readonly string[]).includes(engine)) {
        throw new Error(`services.json: ${name} names an unknown engine '${engine}'`);
      }
    }
  }
  return services as Record<ServiceName, ServiceEntry>;
}

export const SERVICES: Readonly<Record<ServiceName, ServiceEntry>> = checked();
export const TEST_PORT_OFFSET: number = registry.testPortOffset;

/** A port of a service as the given profile runs it (`make start` = dev, `make test` = test). */
export function portFor(
  profile: Profile,
  service: ServiceName,
  kind: 'httpPort' | 'metricsPort' | 'grpcPort',
): number {
  const port = SERVICES[service][kind];
  if (port === null) throw new Error(`${service} has no ${kind}`);
  return profile === 'test' ? port + TEST_PORT_OFFSET : port;
}
