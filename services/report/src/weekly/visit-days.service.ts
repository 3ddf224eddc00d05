import {
  type BeforeApplicationShutdown,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Metrics } from '@handcheck/server-kit';
import { AnalyticsRepository } from '../analytics/analytics.repository';
import { ReportEnv } from '../config/report.env';
import { reportDays } from './report-days';
import { type DayFigures, VisitDays } from './visit-days';

/** Past this, a computed day is settled (visit-days.ts): far beyond a replica's usual lag. */
const SETTLE_MS = 5 * 60_000;
/** How often the report's days are brought up to date, so a report run finds them ready. */
const REFRESH_MS = 10 * 60_000;
const REFRESH_JOB = 'visit-days-refresh';

/**
 * The report's days, kept in this replica: computed at start, then every
 * REFRESH_MS the days whose deliveries changed (after midnight, the day
 * just ended), so the weekly run and a test report read them ready-made.
 */
@Injectable()
export class VisitDaysService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('VisitDays');
  private readonly days: VisitDays;
  private refreshing: Promise<unknown> = Promise.resolve();

  constructor(
    analytics: AnalyticsRepository,
    private readonly env: ReportEnv,
    private readonly registry: SchedulerRegistry,
    metrics: Metrics,
  ) {
    const computed = metrics.counter({
      name: 'report_visit_days_computed_total',
      help: 'Days whose visit figures were computed from the visits (the others were kept)',
    });
    this.days = new VisitDays(analytics, {
      settleMs: SETTLE_MS,
      onComputed: (days) => computed.inc(days),
    });
  }

  /** The figures of `days` (consecutive, oldest first), counted in REPORT_TIMEZONE. */
  figures(days: readonly string[]): Promise<Map<string, DayFigures>> {
    return this.days.figures(this.env.REPORT_TIMEZONE, days);
  }

  onApplicationBootstrap(): void {
    this.registry.addInterval(
      REFRESH_JOB,
      setInterval(() => this.refresh(), REFRESH_MS),
    );
    this.refresh();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.registry.doesExist('interval', REFRESH_JOB)) this.registry.deleteInterval(REFRESH_JOB);
    await this.refreshing;
  }

  /** Brings the report's 14 days up to date; a failure waits for the next refresh or report. */
  private refresh(): void {
    const { days, previousDays } = reportDays(new Date(), this.env.REPORT_TIMEZONE);
    this.refreshing = this.refreshing
      .then(() => this.figures([...previousDays, ...days]))
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'Cannot bring the report days up to date; next time');
      });
  }
}
