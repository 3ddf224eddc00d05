// npm run analytics:migrate-to-cluster -- --from-url http://single:8123
//   --to-url http://cluster-node:8123 --cluster handcheck
//   [--from-database handcheck] [--to-database handcheck]
//   [--user ingestion] [--password …] (the same login on both: an account that
//   may create tables and insert; the password may come from CLICKHOUSE_PASSWORD
//   in the environment instead, out of the shell's history)
//
// Moves a single-node install's analytics tables onto a ClickHouse cluster
// (move-to-cluster.ts): stop ingestion first, then run this, then start
// ingestion with CLICKHOUSE_CLUSTER and CLICKHOUSE_URL pointing at the
// cluster; it takes up the events Kafka kept meanwhile. The cluster database
// must not be the single server's own database on the same server.
import { commandOptions } from './env';
import { moveToCluster } from './move-to-cluster';

async function main(): Promise<void> {
  const options = commandOptions({
    'from-url': '',
    'to-url': '',
    cluster: '',
    'from-database': 'handcheck',
    'to-database': 'handcheck',
    user: 'ingestion',
    password: '',
  });
  for (const name of ['from-url', 'to-url', 'cluster'] as const) {
    if (!options[name]) throw new Error(`--${name} is required`);
  }
  const login = {
    username: options.user,
    password: options.password || (process.env.CLICKHOUSE_PASSWORD ?? ''),
  };
  await moveToCluster({
    from: { url: options['from-url'], database: options['from-database'], ...login },
    to: {
      url: options['to-url'],
      database: options['to-database'],
      cluster: options.cluster,
      ...login,
    },
    log: (line) => console.log(line),
  });
  console.log('Done: start ingestion with CLICKHOUSE_CLUSTER set.');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
