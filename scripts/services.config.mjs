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

// Batch work that can wait for the CPU on a machine shared with the services
// that answer people; Kafka and ClickHouse get the same (deploy/engines/common.sh).
export const BACKGROUND_SERVICES = ['ingestion'];

/** The batch side's CPU niceness: HANDCHECK_BACKGROUND_NICE, 0 to 19, default 10; 0 turns it off. */
export function backgroundNice() {
  const value = process.env.HANDCHECK_BACKGROUND_NICE ?? '10';
  if (!/^(\d|1\d)$/.test(value)) {
    throw new Error(`HANDCHECK_BACKGROUND_NICE must be a whole number from 0 to 19, not '${value}'`);
  }
  return Number(value);
}
