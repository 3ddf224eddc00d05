import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { CronJob } from 'cron';
import { Metrics } from '@handcheck/server-kit';
import { ReportEnv } from '../config/report.env';
import { parseReportPeriod, periodKey } from './report-days';
import { ReportRunsRepository, runMessageId } from './report-runs.repository';
import { WeeklyReportMailer } from './weekly-report-mailer';

export const WEEKLY_JOB = 'weekly-report';

/**
 * Fires on REPORT_CRON in REPORT_TIMEZONE on every replica; each firing
 * claims the period's run (see ReportRun) and only the claimant sends,
 * so the mail goes out once per period however many replicas run.
 */
@Injectable()
export class WeeklySchedule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('WeeklyReport');
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly outcomes;

  constructor(
    private readonly env: ReportEnv,
    private readonly runs: ReportRunsRepository,
    private readonly mailer: WeeklyReportMailer,
    private readonly registry: SchedulerRegistry,
    metrics: Metrics,
  ) {
    this.outcomes = metrics.counter({
      name: 'report_weekly_runs_total',
      help: 'Firings of the weekly report schedule, by what this replica did',
      labelNames: ['outcome'],
    });
    // Read from MongoDB at each scrape, so every replica reports the run whichever sent it,
    // and a restart forgets nothing: the chart's "weekly report missed" alert watches it.
    metrics.gauge({
      name: 'report_weekly_last_sent_timestamp_seconds',
      help: 'When the newest weekly report was sent (Unix seconds); 0 before the first',
      async collect() {
        // While MongoDB is away the gauge keeps its last value rather than claim "never".
        const sentAt = await runs.lastSentAt().catch(() => undefined);
        if (sentAt !== undefined) this.set(sentAt ? sentAt.getTime() / 1000 : 0);
      },
    });
  }

  onApplicationBootstrap(): void {
    if (this.env.REPORT_RECIPIENTS.length === 0) {
      this.logger.warn('REPORT_RECIPIENTS is empty: the weekly report is not scheduled');
      return;
    }
    const job = CronJob.from({
      cronTime: this.env.REPORT_CRON,
      timeZone: this.env.REPORT_TIMEZONE,
      onTick: () => void this.track(this.tick()),
      start: false,
    });
    this.registry.addCronJob(WEEKLY_JOB, job);
    job.start();
    this.logger.log(
      `Weekly report on "${this.env.REPORT_CRON}" (${this.env.REPORT_TIMEZONE}) to ${this.env.REPORT_RECIPIENTS.length} recipient(s)`,
    );
  }

  /** Stops firing and lets a run in progress finish while MongoDB and the relay are still connected. */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('cron', WEEKLY_JOB)) this.registry.deleteCronJob(WEEKLY_JOB);
    await Promise.allSettled([...this.inFlight]);
  }

  /** One firing: claim the period, send when claimed, record the outcome. */
  async tick(now = new Date()): Promise<string> {
    const key = periodKey(now, this.env.REPORT_TIMEZONE, parseReportPeriod(this.env.REPORT_PERIOD));
    const leaseMs = this.env.REPORT_LEASE_SECONDS * 1000;
    const recipients = this.env.REPORT_RECIPIENTS;
    let outcome: string;
    try {
      outcome = await this.runs.claim({
        key,
        recipients,
        now,
        leaseMs,
        maxAttempts: this.env.REPORT_MAX_ATTEMPTS,
      });
    } catch (error) {
      this.logger.error({ err: error }, `Cannot claim ${key}; the next firing tries again`);
      this.outcomes.inc({ outcome: 'claim-error' });
      return 'claim-error';
    }
    if (outcome !== 'claimed' && outcome !== 'taken-over') {
      this.outcomes.inc({ outcome });
      return outcome;
    }
    if (outcome === 'taken-over') this.logger.warn(`Took over ${key} (lease expired or failed)`);
    try {
      const { messageId } = await this.mailer.mailStats(recipients, {
        isTest: false,
        messageId: runMessageId(key),
        now,
      });
      const recorded = await this.runs.markSent(key, messageId);
      if (!recorded)
        this.logger.warn(`${key} was sent, but its lease had passed to another replica`);
      this.logger.log(`Sent ${key} to ${recipients.length} recipient(s): ${messageId}`);
      this.outcomes.inc({ outcome: 'sent' });
      return 'sent';
    } catch (error) {
      this.logger.error({ err: error }, `Weekly report ${key} failed; it will be retried`);
      this.outcomes.inc({ outcome: 'failed' });
      await this.runs.markFailed(key, error, leaseMs).catch((markError: unknown) => {
        this.logger.error({ err: markError }, `Cannot record the failure of ${key}`);
      });
      return 'failed';
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return work;
  }
}
