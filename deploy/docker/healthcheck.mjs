// Docker HEALTHCHECK for every HandCheck image. Kubernetes ignores it and uses
// the chart's probes; docker and docker compose use this. Plain node, no
// packages, so it works in the runtime image as is.
const HEALTH = {
  gateway: { port: 8080, path: '/api/health' },
  ingestion: { port: 8081, path: '/health' },
  directory: { port: 8082, path: '/health' },
  referral: { port: 8083, path: '/health' },
  report: { port: 8084, path: '/health' },
};

const service = process.env.SERVICE ?? '';
const target = HEALTH[service];
if (!target) {
  console.error(`healthcheck: unknown SERVICE "${service}"`);
  process.exit(1);
}

// PORT overrides the service's default exactly as it does for the service itself.
const port = process.env.PORT || target.port;
try {
  const res = await fetch(`http://127.0.0.1:${port}${target.path}`, {
    signal: AbortSignal.timeout(4000),
  });
  if (!res.ok) console.error(`healthcheck: ${target.path} answered ${res.status}`);
  process.exit(res.ok ? 0 : 1);
} catch (error) {
  console.error(
    `healthcheck: ${target.path} unreachable: ${error instanceof Error ? error.message : error}`,
  );
  process.exit(1);
}
