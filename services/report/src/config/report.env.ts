import {
  ArrayNotEmpty,
  IsString,
  Matches,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { CronTime } from 'cron';
import { IsEmailAddress } from '@handcheck/contracts';
import { GrpcEnv, IntSetting, IsListenPort, ListSetting, TextSetting } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

@ValidatorConstraint({ name: 'isCron' })
class IsCron implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string') return false;
    try {
      new CronTime(value);
      return true;
    } catch {
      return false;
    }
  }
  defaultMessage(): string {
    return '$property must be a cron expression (5 fields, or 6 with seconds first)';
  }
}

@ValidatorConstraint({ name: 'isTimeZone' })
class IsTimeZone implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (typeof value !== 'string' || value === '') return false;
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }
  defaultMessage(): string {
    return '$property must be an IANA time zone such as Europe/London';
  }
}

export class ReportEnv extends GrpcEnv {
  override PORT = SERVICES.report.httpPort;

  /** gRPC (SendTestReport, GetDashboard), for the gateway. 0 picks a free port (tests). */
  @IsListenPort()
  GRPC_PORT = SERVICES.report.grpcPort ?? 0;

  /** Who gets the weekly report, comma-separated. Required in production; empty elsewhere skips the weekly send. */
  @ListSetting()
  @IsEmailAddress({ each: true, message: 'each of $property must be an email address' })
  @ValidateIf((env: ReportEnv) => env.NODE_ENV === 'production')
  @ArrayNotEmpty({ message: 'REPORT_RECIPIENTS is required in production' })
  REPORT_RECIPIENTS: string[] = [];

  /** When the weekly report is sent (cron, in REPORT_TIMEZONE). Default Monday 08:00. */
  @IsString()
  @Validate(IsCron)
  REPORT_CRON = '0 8 * * 1';

  /** The zone of REPORT_CRON and of the report's days ("the last 7 whole days"). */
  @TextSetting()
  @Validate(IsTimeZone)
  REPORT_TIMEZONE = 'Europe/London';

  /**
   * What one run covers, so that it is sent once: `week` (the ISO week of the
   * run, in REPORT_TIMEZONE) in every real deployment; `<n>s` (a period of n
   * seconds) only for tests that fire the schedule every few seconds.
   */
  @Matches(/^(week|[1-9]\d{0,5}s)$/, { message: 'REPORT_PERIOD must be week or <n>s' })
  REPORT_PERIOD = 'week';

  /** How long a claimed run may take before another replica takes it over. */
  @IntSetting({ min: 1, max: 86_400 })
  REPORT_LEASE_SECONDS = 600;

  /**
   * The ClickHouse memory each report or dashboard query may use (max_memory_usage), in
   * MB: a week of more visits than that holds fails with an error naming this setting,
   * instead of taking the memory ingestion's inserts need. 10 million visits in one week
   * take about 1,500 (npm run bench:report -- --days 7).
   */
  @IntSetting({ min: 100, max: 1_000_000 })
  REPORT_QUERY_MAX_MEMORY_MB = 4096;

  /** How many times a period's run is attempted (a crashed or failed run is retried by any replica). */
  @IntSetting({ min: 1, max: 100 })
  REPORT_MAX_ATTEMPTS = 5;
}
