import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { REPO_ROOT } from '@handcheck/server-kit/testing';
import { ofKind, renderChart } from '../support/helm';

// The chart's PrometheusRule, rendered as ops would enable it, run by promtool on series
// made up for each alert: it must fire on what it is for and stay quiet on the rest.
interface PrometheusRule {
  kind: 'PrometheusRule';
  metadata: { name: string; namespace?: string };
  spec: { groups: Array<{ name: string; rules: Array<{ alert: string; expr: string }> }> };
}

const promtool = execFileSync(
  'bash',
  [join(REPO_ROOT, 'scripts/check-deploy.sh'), 'promtool-path'],
  {
    encoding: 'utf8',
  },
).trim();

let dir: string;
let rulesFile: string;
let rule: PrometheusRule;

beforeAll(() => {
  if (!existsSync(promtool)) {
    throw new Error(
      `promtool is not installed at ${promtool}: run \`bash scripts/check-deploy.sh\``,
    );
  }
  dir = mkdtempSync(join(tmpdir(), 'alert-rules-'));
  const rendered = renderChart(['--set', 'metrics.alerts.enabled=true']);
  expect(rendered.stderr).toBe('');
  [rule] = ofKind<PrometheusRule>(rendered.manifests, 'PrometheusRule');
  rulesFile = join(dir, 'rules.yaml');
  writeFileSync(rulesFile, stringify({ groups: rule.spec.groups }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ns = 'namespace="handcheck"';
const ANNOTATIONS: Record<string, { summary: string; description: string }> = {
  HandCheckEventsDeadLettered: {
    summary: 'Analytics events went to the dead-letter topic',
    description:
      '2 event batches could not be stored in the last 15m; each waits in analytics.event-batches.v1.dlq with its reason (docs/operations.md).',
  },
  HandCheckReferralMailsFailing: {
    summary: 'Referral mails are failing',
    description:
      'The mail relay refused or did not answer 1 referral mails in the last 15m; they are retried with backoff.',
  },
  HandCheckConsumerRestarted: {
    summary: 'A HandCheck consumer crashed and was started again',
    description:
      'Consumer group ingestion was started again 1 times in the last 15m after crashes kafkajs would not retry; its log says why (docs/operations.md).',
  },
  HandCheckConsumerLag: {
    summary: 'A HandCheck consumer is falling behind',
    description:
      "Consumer group ingestion is 4k messages behind on analytics.event-batches.v1: add replicas (up to the topic's partitions) or look at ClickHouse or the mail relay.",
  },
  HandCheckUnderReplicatedPartitions: {
    summary: 'A HandCheck topic has partitions with too few in-sync copies',
    description:
      'referrals.requested.v1 has 1 under-replicated partitions: one more broker lost stops writes to them (min.insync.replicas 2).',
  },
  HandCheckTopicShortfall: {
    summary: 'A topic has fewer partitions, replicas or min.insync.replicas than configured',
    description:
      'referrals.requested.v1 is short of 3 in partitions; the services use it as it is (docs/operations/scaling.md).',
  },
  HandCheckWeeklyReportMissed: {
    summary: 'The weekly report has not been sent',
    description:
      "The newest weekly report went out 8d 7h 0m 0s ago; see report_weekly_runs_total and the report service's log.",
  },
};

/** One expected alert: its labels, and its annotations as they read with the test's series. */
const alert = (name: string, labels: Record<string, string> = {}) => ({
  exp_labels: { alertname: name, ...labels },
  exp_annotations: ANNOTATIONS[name],
});

/** promtool's unit tests: `interval` between samples, then the alerts expected at `eval_time`. */
function promtoolTest(tests: object[]): { status: number | null; output: string } {
  const file = join(dir, `test-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, stringify({ rule_files: [rulesFile], evaluation_interval: '1m', tests }));
  const run = spawnSync(promtool, ['test', 'rules', file], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const MINUTE_TESTS = [
  {
    interval: '1m',
    input_series: [
      { series: `ingestion_dead_letters_total{${ns},service="ingestion"}`, values: '0 0 0 2 2 2' },
      { series: `ingestion_dead_letters_total{namespace="other"}`, values: '0 5 10 15 20 25' },
      { series: `referral_dead_letters_total{${ns}}`, values: '0 0 0 0 0 0' },
      { series: `referral_outcomes_total{${ns},outcome="failed"}`, values: '0 0 1 1 1 1' },
      { series: `referral_outcomes_total{${ns},outcome="sent"}`, values: '0 10 20 30 40 50' },
      {
        series: `kafka_consumer_restarts_total{${ns},group="ingestion",service="ingestion"}`,
        values: '0 0 1 1 1 1',
      },
      { series: `kafka_consumer_restarts_total{${ns},group="report"}`, values: '0 0 0 0 0 0' },
      {
        series: `kafka_consumer_restarts_total{namespace="other",group="x"}`,
        values: '0 1 2 3 4 5',
      },
      {
        series:
          'kafka_consumergroup_lag_sum{consumergroup="ingestion",topic="analytics.event-batches.v1"}',
        values: '0+200x30',
      },
      {
        series: 'kafka_consumergroup_lag_sum{consumergroup="someone-else",topic="x"}',
        values: '5000x30',
      },
      {
        series:
          'kafka_topic_partition_under_replicated_partition{topic="referrals.requested.v1",partition="2"}',
        values: '1x30',
      },
      {
        series: 'kafka_topic_partition_under_replicated_partition{topic="unrelated",partition="0"}',
        values: '1x30',
      },
      {
        series: `kafka_topic_shortfall{${ns},topic="referrals.requested.v1",setting="partitions"}`,
        values: '3x30',
      },
    ],
    alert_rule_test: [
      {
        eval_time: '5m',
        alertname: 'HandCheckEventsDeadLettered',
        exp_alerts: [alert('HandCheckEventsDeadLettered', { severity: 'warning' })],
      },
      { eval_time: '5m', alertname: 'HandCheckReferralsDeadLettered', exp_alerts: [] },
      {
        eval_time: '5m',
        alertname: 'HandCheckReferralMailsFailing',
        exp_alerts: [alert('HandCheckReferralMailsFailing', { severity: 'critical' })],
      },
      { eval_time: '1m', alertname: 'HandCheckConsumerRestarted', exp_alerts: [] },
      {
        eval_time: '5m',
        alertname: 'HandCheckConsumerRestarted',
        exp_alerts: [
          alert('HandCheckConsumerRestarted', { severity: 'warning', group: 'ingestion' }),
        ],
      },
      // 200 a minute passes 1,000 at 6 minutes, then must last 10.
      { eval_time: '12m', alertname: 'HandCheckConsumerLag', exp_alerts: [] },
      {
        eval_time: '20m',
        alertname: 'HandCheckConsumerLag',
        exp_alerts: [
          alert('HandCheckConsumerLag', {
            severity: 'warning',
            consumergroup: 'ingestion',
            topic: 'analytics.event-batches.v1',
          }),
        ],
      },
      { eval_time: '3m', alertname: 'HandCheckUnderReplicatedPartitions', exp_alerts: [] },
      {
        eval_time: '10m',
        alertname: 'HandCheckUnderReplicatedPartitions',
        exp_alerts: [
          alert('HandCheckUnderReplicatedPartitions', {
            severity: 'critical',
            topic: 'referrals.requested.v1',
          }),
        ],
      },
      {
        eval_time: '1m',
        alertname: 'HandCheckTopicShortfall',
        exp_alerts: [
          alert('HandCheckTopicShortfall', {
            severity: 'warning',
            topic: 'referrals.requested.v1',
            setting: 'partitions',
          }),
        ],
      },
    ],
  },
];

const WEEKLY_TESTS = [
  {
    // Sent at 1 h; the alert waits a week and a day (192 h) after it.
    interval: '1h',
    input_series: [
      { series: `report_weekly_last_sent_timestamp_seconds{${ns},pod="a"}`, values: '0 3600x250' },
      { series: `report_weekly_last_sent_timestamp_seconds{${ns},pod="b"}`, values: '0x250' },
    ],
    alert_rule_test: [
      { eval_time: '150h', alertname: 'HandCheckWeeklyReportMissed', exp_alerts: [] },
      {
        eval_time: '200h',
        alertname: 'HandCheckWeeklyReportMissed',
        exp_alerts: [alert('HandCheckWeeklyReportMissed', { severity: 'warning' })],
      },
    ],
  },
  {
    // Never sent (a new install): nothing to miss yet.
    interval: '1h',
    input_series: [{ series: `report_weekly_last_sent_timestamp_seconds{${ns}}`, values: '0x250' }],
    alert_rule_test: [
      { eval_time: '240h', alertname: 'HandCheckWeeklyReportMissed', exp_alerts: [] },
    ],
  },
];

describe("the chart's alerts (promtool)", () => {
  it('are off by default', () => {
    expect(ofKind(renderChart().manifests, 'PrometheusRule')).toEqual([]);
  });

  it('are valid rules, one per failure ops must hear of', () => {
    const check = spawnSync(promtool, ['check', 'rules', rulesFile], { encoding: 'utf8' });
    expect(`${check.stdout}${check.stderr}`).toContain('SUCCESS');
    expect(rule.spec.groups.flatMap((g) => g.rules.map((r) => r.alert)).sort()).toEqual([
      'HandCheckConsumerLag',
      'HandCheckConsumerRestarted',
      'HandCheckEventsDeadLettered',
      'HandCheckReferralMailsFailing',
      'HandCheckReferralsDeadLettered',
      'HandCheckTopicShortfall',
      'HandCheckUnderReplicatedPartitions',
      'HandCheckWeeklyReportMissed',
    ]);
  });

  it('fire on dead letters, failed mails, lag, under-replication and shortfalls, and only on ours', () => {
    const result = promtoolTest(MINUTE_TESTS);
    expect(result.output).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it('fire when the weekly report is a day late, never before the first report', () => {
    const result = promtoolTest(WEEKLY_TESTS);
    expect(result.output).toContain('SUCCESS');
    expect(result.status).toBe(0);
  });

  it('fail the check when an alert does not fire as expected', () => {
    const wrong = structuredClone(WEEKLY_TESTS[0]);
    wrong.alert_rule_test[0] = wrong.alert_rule_test[1];
    wrong.alert_rule_test[0].eval_time = '150h';
    const result = promtoolTest([wrong]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('HandCheckWeeklyReportMissed');
  });
});
