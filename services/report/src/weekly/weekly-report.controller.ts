import { Controller, Logger } from '@nestjs/common';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { isEmail } from 'class-validator';
import { type SendTestReportRequest } from '@handcheck/contracts';
import { ReportQueryTooLarge } from '../analytics/analytics.repository';
import { toWeeklyStatsMessage } from './weekly-stats-from-rows';
import { WeeklyReportMailer } from './weekly-report-mailer';

/** The gateway's test run (spec section 7, "Weekly test"). */
@Controller()
export class WeeklyReportController {
  private readonly logger = new Logger('WeeklyReport');

  constructor(private readonly mailer: WeeklyReportMailer) {}

  @GrpcMethod('ReportService', 'SendTestReport')
  async sendTestReport(request: SendTestReportRequest) {
    const to = request.recipientEmail.trim();
    if (!isEmail(to)) {
      throw new RpcException({
        code: status.INVALID_ARGUMENT,
        message: 'recipient_email must be an email address',
      });
    }
    try {
      const { messageId, stats } = await this.mailer.mailStats([to], { isTest: true });
      return { emailId: messageId, stats: toWeeklyStatsMessage(stats) };
    } catch (error) {
      this.logger.error({ err: error }, 'Test report failed');
      if (error instanceof ReportQueryTooLarge)
        throw new RpcException({ code: status.RESOURCE_EXHAUSTED, message: error.message });
      throw new RpcException({
        code: status.UNAVAILABLE,
        message: 'The analytics database or the mail relay cannot be reached',
      });
    }
  }
}
