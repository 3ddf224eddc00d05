import { SERVICES, SERVICE_NAMES, portFor, type ServiceName } from '@handcheck/service-registry';

/**
 * The test profile's services as the supervisor runs them for the whole `make test` run
 * (scripts/supervisor.mjs start --profile test): built, on their own ports, on the test engines.
 * A spec that needs only the product's normal behaviour is their client, isolated by ids of
 * its own, instead of booting services in its process.
 */
export interface StackService {
  url: string;
  metricsUrl: string;
}

export function stackService(name: ServiceName): StackService {
  const url = `http://127.0.0.1:${portFor('test', name, 'httpPort')}`;
  const metricsPort = portFor('test', name, 'metricsPort');
  return { url, metricsUrl: `http://127.0.0.1:${metricsPort}${SERVICES[name].metricsPath}` };
}

export function stackServices(): Record<ServiceName, StackService> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, stackService(name)])) as Record<
    ServiceName,
    StackService
  >;
}
