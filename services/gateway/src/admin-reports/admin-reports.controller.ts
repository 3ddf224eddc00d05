import {
  Controller,
  Get,
  HttpCode,
  Logger,
  Post,
  Req,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { status } from '@grpc/grpc-js';
import { type FastifyReply } from 'fastify';
import { GrpcCallError } from '@handcheck/server-kit';
import { type AuthenticatedRequest } from '../auth/jwt-auth.guard';
import { unauthorized } from '../auth/token.service';
import { DashboardDto } from './dto/dashboard.dto';
import { WeeklyTestResultDto } from './dto/weekly-report.dto';
import { ReportClient } from './report.client';
import { toDashboardDto, toWeeklyStatsDto } from './to-dto';

export const REPORT_UNAVAILABLE = 'The report service is unavailable. Please try again shortly.';
export const TEST_REPORT_FAILED = 'The test report could not be sent.';

const ERROR = { $ref: '#/components/schemas/ErrorAnswer' };

/** The signed-in admin's email, from the claims the global guard verified. */
export function signedInEmail(request: AuthenticatedRequest): string {
  const email = request.admin?.email;
  if (!email) throw unauthorized();
  return email;
}

function unreachable(error: unknown): boolean {
  return (
    error instanceof GrpcCallError &&
    (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED)
  );
}

/** The admin's report routes: every one needs an admin access token (the global guard). */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin')
export class AdminReportsController {
  private readonly logger = new Logger('AdminReports');

  constructor(private readonly report: ReportClient) {}

  @Post('weekly-report/test')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'Admin_sendWeeklyTestReport',
    summary: 'Mail the weekly report to the signed-in admin now (spec section 7, "Weekly test")',
    description:
      "Computes the weekly stats from ClickHouse now (the last 7 whole days, Europe/London), mails them (figures, a chart and a table) to the signed-in admin's email, and answers with the mail's id and the stats. No body: the recipient is taken from the access token.",
  })
  @ApiOkResponse({
    type: WeeklyTestResultDto,
    description:
      '`success` true with `data`; or `success` false with `error` when the report service could not send it.',
  })
  @ApiUnauthorizedResponse({ description: 'No valid access token.', schema: ERROR })
  @ApiServiceUnavailableResponse({
    type: WeeklyTestResultDto,
    description: 'The report service cannot be reached.',
    example: { success: false, error: REPORT_UNAVAILABLE },
  })
  async sendTest(
    @Req() request: AuthenticatedRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<WeeklyTestResultDto> {
    const email = signedInEmail(request);
    response.header('Cache-Control', 'no-store');
    try {
      const answer = await this.report.rpc.sendTestReport({ recipientEmail: email });
      return {
        success: true,
        data: { emailId: answer.emailId, stats: toWeeklyStatsDto(answer.stats) },
        error: null,
      };
    } catch (error) {
      if (unreachable(error)) {
        this.logger.warn({ err: error }, 'Report service unavailable for the test report');
        response.status(503);
        return { success: false, error: REPORT_UNAVAILABLE };
      }
      this.logger.error({ err: error }, 'Test report failed');
      return {
        success: false,
        error: error instanceof GrpcCallError ? error.details : TEST_REPORT_FAILED,
      };
    }
  }

  @Get('dashboard')
  @ApiOperation({
    operationId: 'Admin_dashboard',
    summary:
      "The admin dashboard's charts: visits per day, the questionnaire funnel and top conditions",
    description:
      'Over the last 28 whole days (Europe/London), from ClickHouse through the report service.',
  })
  @ApiOkResponse({ type: DashboardDto })
  @ApiUnauthorizedResponse({ description: 'No valid access token.', schema: ERROR })
  @ApiServiceUnavailableResponse({
    description: 'The report service cannot be reached.',
    schema: ERROR,
  })
  async dashboard(@Res({ passthrough: true }) response: FastifyReply): Promise<DashboardDto> {
    response.header('Cache-Control', 'no-store');
    try {
      return toDashboardDto(await this.report.rpc.getDashboard({}));
    } catch (error) {
      this.logger.warn({ err: error }, 'Dashboard unavailable');
      throw new ServiceUnavailableException(REPORT_UNAVAILABLE);
    }
  }
}
