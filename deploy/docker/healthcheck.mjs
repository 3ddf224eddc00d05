// Docker HEALTHCHECK for every HandCheck image. Kubernetes ignores it and uses
// the chart's probes; docker and docker compose use this. Plain node, no
// packages, so it works in the runtime image as is.
//
// It asks the service's READY path, from the service registry that the
// Dockerfile copies beside this file (packages/service-registry/src/services.json).
// Compose starts a container's dependants once it is healthy
// (`depends_on: condition: service_healthy`), so healthy must mean "can do its
// job", not merely "the process answers". Docker itself never restarts an
// unhealthy container, so an engine outage marks the service unhealthy without
// a restart loop; the process's own exit is what `restart:` acts on.
import { readFileSync } from 'node:fs';

const registryFile = new URL('./services.json', import.meta.url);

let registry;
try {
  registry = JSON.parse(readFileSync(registryFile, 'utf8'));
} catch (error) {
  console.error(
    `healthcheck: cannot read the service registry ${registryFile.pathname}: ${error.message}`,
  );
  process.exit(1);
}

const service = process.env.SERVICE ?? '';
const entry = registry.services?.[service];
if (!entry) {
  console.error(
    `healthcheck: unknown SERVICE "${service}" (the registry lists ${Object.keys(registry.services ?? {}).join(', ')})`,
  );
  process.exit(1);
}

// PORT overrides the registry's port exactly as it does for the service itself;
// health is always served on the HTTP port (the gateway's too).
const port = process.env.PORT || entry.httpPort;
const path = entry.health.ready;
try {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  if (!res.ok) console.error(`healthcheck: ${path} answered ${res.status}`);
  process.exit(res.ok ? 0 : 1);
} catch (error) {
  console.error(
    `healthcheck: ${path} unreachable: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
