// Which services run, on which ports, per profile. `make start` uses dev; the
// browser tests use test, so both can run side by side.
export const SERVICES = ['gateway', 'ingestion', 'directory', 'referral', 'report'];

export const PORTS = {
  dev: { gateway: 8080, ingestion: 8081, directory: 8082, referral: 8083, report: 8084 },
  test: { gateway: 18080, ingestion: 18081, directory: 18082, referral: 18083, report: 18084 },
};

export function healthUrl(profile, service) {
  const port = PORTS[profile][service];
  return service === 'gateway' ? `http://127.0.0.1:${port}/api/health` : `http://127.0.0.1:${port}/health`;
}
