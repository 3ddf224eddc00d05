// npm run bench:report [-- --events 10000000 --days 365 --runs 200]
//
// The weekly report's stats over many events, as WeeklyStatsService computes
// them: the report's three queries (docs/analytics 02–04) at once, through the
// report's own AnalyticsRepository with its settings (20 s, REPORT_QUERY_MAX_MEMORY_MB).
// Prints the first run (the first report after a start: nothing is kept between
// runs, so it should cost what any other does) and p50/p99 of the runs after it.
// Target: p99 under 2 s for 10 million events over a year; with --days 7 (all
// of them in one week), within the report's 20 s.
//
// Seeding goes straight into ClickHouse, not through the pipeline, for speed:
// INSERT … SELECT from numbers() writes site_visits rows (random UUIDs as
// event ids, as browsers make them; times spread evenly at random over --days
// days before now, 8 pages, 5 referrers) in 1M-row chunks; ingestion's view
// copies each chunk into visits_by_time, the copy sorted on the time that the
// report reads (migrations v3, v4), as it does every insert. The database is a
// fresh one of its own (hc_bench_report_…), created with the ingestion
// migrations and dropped at the end. Profile: HANDCHECK_PROFILE (dev for `make
// start`, test for the test engines, scale for the local cluster with
// CLICKHOUSE_CLUSTER=handcheck: the schema is then made ON CLUSTER, replicated,
// and the rows go through the Distributed tables as ingestion's do).
import {
  ClickHouseEnv,
  ClickHouseService,
  createClickHouse,
  createClickHouseServerClient,
  localTable,
  migrate,
  sqlIdentifier,
  sqlInt,
} from '@handcheck/server-kit';
import { MIGRATIONS, SHARDING_KEY } from '../../services/ingestion/src/clickhouse/schema';
import { AnalyticsRepository } from '../../services/report/src/analytics/analytics.repository';
import { ReportEnv } from '../../services/report/src/config/report.env';
import { WeeklyStatsService } from '../../services/report/src/weekly/weekly-stats.service';
import { clickhouseLogin, commandOptions, profileEnv } from '../analytics/env';

const CHUNK = 1_000_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted[sorted.length - 1]!.toFixed(1)} ms`;
};

async function main(): Promise<void> {
  const { events, days, runs } = commandOptions({ events: 10_000_000, days: 365, runs: 200 });
  const env = profileEnv();
  const database = `hc_bench_report_${Date.now().toString(36)}`;
  const cluster = process.env.CLICKHOUSE_CLUSTER || undefined;
  const settings = {
    url: env.CLICKHOUSE_URL ?? 'http://127.0.0.1:8123',
    database,
    // Seeding and merging write: ingestion's account. The report reads with its own, below.
    ...clickhouseLogin(env, 'INGESTION'),
    requestTimeoutMs: 300_000,
    cluster,
  };
  const server = createClickHouseServerClient(settings);
  const client = createClickHouse(settings);
  const onCluster = cluster ? ` ON CLUSTER ${sqlIdentifier(cluster)}` : '';
  try {
    await migrate(server, database, MIGRATIONS, {
      ...(cluster ? { cluster: { cluster, shardingKey: SHARDING_KEY } } : {}),
    });
    console.log(
      `database ${database} created with the ingestion migrations${cluster ? ` on cluster ${cluster}` : ''}`,
    );
    const db = sqlIdentifier(database);
    const spanSeconds = days * 86_400;
    const seedStart = performance.now();
    for (let offset = 0; offset < events; offset += CHUNK) {
      const rows = Math.min(CHUNK, events - offset);
      await client.command({
        query: `INSERT INTO ${db}.site_visits (event_id, session_id, page_path, user_agent, referrer, created_at)
SELECT
    toString(generateUUIDv4()) AS event_id,
    concat('s-', toString(intDiv(number, 4))) AS session_id,
    arrayElement(['/', '/about', '/symptom-checker', '/conditions/trigger-finger', '/conditions/carpal-tunnel-syndrome', '/wrist-conditions', '/faq', '/specialists'], 1 + cityHash64(number, 1) % 8) AS page_path,
    'bench' AS user_agent,
    arrayElement(['', 'https://www.google.com/', 'https://www.bing.com/', 'https://duckduckgo.com/', 'https://www.nhs.uk/'], 1 + cityHash64(number, 2) % 5) AS referrer,
    toDateTime(toUInt32(now()) - cityHash64(number, 3) % ${sqlInt(spanSeconds)}) AS created_at
FROM numbers(${sqlInt(offset)}, ${sqlInt(rows)})`,
        clickhouse_settings: { max_execution_time: 600 },
      });
      process.stdout.write(`\rseeding: ${(offset + rows).toLocaleString('en-GB')} rows`);
    }
    process.stdout.write('\n');
    const seeded = (performance.now() - seedStart) / 1000;
    const [count] = await (
      await client.query({
        query: `SELECT (SELECT count() FROM ${db}.site_visits) AS n, (SELECT count() FROM ${db}.visits_by_time) AS copied`,
        format: 'JSONEachRow',
      })
    ).json<{ n: number; copied: number }>();
    console.log(
      `seeded ${Number(count?.n).toLocaleString('en-GB')} site_visits over ${days} days in ${seeded.toFixed(1)} s (INSERT … SELECT from numbers(), straight into ClickHouse; ${Number(count?.copied).toLocaleString('en-GB')} copied to visits_by_time)`,
    );

    // A live table has had its inserts merged in the background long before the Monday report;
    // merged now, so the measurement neither reads ten unmerged chunks nor competes with their
    // merges for the CPU.
    const mergeStart = performance.now();
    // On a cluster the replicated local tables merge; the merged part is copied to the other replica.
    for (const table of ['site_visits', 'visits_by_time'])
      await server.command({
        query: `OPTIMIZE TABLE ${db}.${cluster ? localTable(table) : table} FINAL`,
        clickhouse_settings: { max_execution_time: 600, replication_alter_partitions_sync: 2 },
      });
    console.log(`merged both tables in ${((performance.now() - mergeStart) / 1000).toFixed(1)} s`);

    const report = clickhouseLogin(env, 'REPORT');
    const service = new ClickHouseService(
      Object.assign(new ClickHouseEnv(), {
        CLICKHOUSE_URL: settings.url,
        CLICKHOUSE_DATABASE: database,
        CLICKHOUSE_USER: report.username,
        CLICKHOUSE_PASSWORD: report.password,
        CLICKHOUSE_CLUSTER: cluster ?? '',
      }),
      {},
    );
    const reportEnv = new ReportEnv();
    const stats = new WeeklyStatsService(new AnalyticsRepository(service, reportEnv), reportEnv);
    const time = async () => {
      const start = performance.now();
      const { totalVisits } = await stats.compute();
      return { ms: performance.now() - start, totalVisits };
    };
    try {
      const first = await time();
      console.log(
        `weekly stats, first run after a start: ${first.ms.toFixed(1)} ms (${first.totalVisits.toLocaleString('en-GB')} visits in the week)`,
      );
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push((await time()).ms);
      console.log(`weekly stats, ${runs} runs after it: ${summary(times)}`);
      const p99 = percentile(
        [...times].sort((a, b) => a - b),
        99,
      );
      const worst = Math.max(p99, first.ms);
      // A year of visits: the weekly p99 budget. All in one week: within a query's time limit.
      const [targetMs, target] =
        days > 7 ? [2000, 'under 2 s'] : [20_000, "within a query's 20 s limit"];
      console.log(
        worst < targetMs
          ? `target met: p99 and first run ${target}`
          : `target missed: p99 ${p99.toFixed(1)} ms, first run ${first.ms.toFixed(1)} ms (target: ${target})`,
      );
    } finally {
      await service.onApplicationShutdown();
    }
  } finally {
    await server
      .command({ query: `DROP DATABASE IF EXISTS ${sqlIdentifier(database)}${onCluster}` })
      .catch(() => undefined);
    await client.close();
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
