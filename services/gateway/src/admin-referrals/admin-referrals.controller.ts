import {
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Logger,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { status } from '@grpc/grpc-js';
import { type FastifyReply } from 'fastify';
import { GrpcCallError } from '@handcheck/server-kit';
import { FailedReferralsDto, RetryReferralDto } from './dto/failed-referrals.dto';
import { ReferralClient } from './referral.client';
import { toFailedReferralsDto, toRetryReferralDto } from './to-dto';

export const REFERRAL_SERVICE_UNAVAILABLE =
  'The referral service is unavailable. Please try again shortly.';
export const NO_FAILED_REFERRAL = 'No failed referral has this id.';
export const REFERRAL_BUSY = 'This referral is being sent right now. Please try again shortly.';
/** How many of the newest the dashboard lists. */
export const FAILED_LISTED = 20;

const ERROR = { $ref: '#/components/schemas/ErrorAnswer' };

function grpcCode(error: unknown): status | undefined {
  return error instanceof GrpcCallError ? error.code : undefined;
}

/**
 * The admin's referrals that did not go out (dead-lettered: the relay refused them, or the
 * message could not be read), and sending one again. Every route needs an admin access
 * token (the global guard). Nothing here carries a patient's personal data.
 */
@ApiTags('admin')
@ApiBearerAuth()
@Controller('admin/referrals')
export class AdminReferralsController {
  private readonly logger = new Logger('AdminReferrals');

  constructor(private readonly referrals: ReferralClient) {}

  @Get('failed')
  @ApiOperation({
    operationId: 'Admin_failedReferrals',
    summary: 'Referrals that did not go out: how many, and the newest (admin dashboard)',
    description: `Dead-lettered referrals kept by the referral service (at most REFERRAL_RETENTION_DAYS): those whose mail the relay refused, which can be retried, and messages that could not be read as referrals. The newest ${FAILED_LISTED}, newest first. Ids, reasons and times only: no name, address, location or symptoms.`,
  })
  @ApiOkResponse({ type: FailedReferralsDto })
  @ApiUnauthorizedResponse({ description: 'No valid access token.', schema: ERROR })
  @ApiServiceUnavailableResponse({
    description: 'The referral service cannot be reached.',
    schema: ERROR,
  })
  async failed(@Res({ passthrough: true }) response: FastifyReply): Promise<FailedReferralsDto> {
    response.header('Cache-Control', 'no-store');
    try {
      return toFailedReferralsDto(
        await this.referrals.rpc.listFailedReferrals({ limit: FAILED_LISTED }),
      );
    } catch (error) {
      this.logger.warn({ err: error }, 'Failed referrals unavailable');
      throw new ServiceUnavailableException(REFERRAL_SERVICE_UNAVAILABLE);
    }
  }

  @Post(':id/retry')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'Admin_retryReferral',
    summary: "Send a failed referral's mails again",
    description:
      'Sends the mails of a failed referral that were not sent yet, once, with their usual Message-IDs: retrying twice, or a referral already sent, never mails anyone twice. When the relay refuses again the referral stays failed and `error` says why.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The referral id (`referralId`).' })
  @ApiOkResponse({ type: RetryReferralDto })
  @ApiBadRequestResponse({ description: 'The id is not a UUID.', schema: ERROR })
  @ApiUnauthorizedResponse({ description: 'No valid access token.', schema: ERROR })
  @ApiNotFoundResponse({ description: NO_FAILED_REFERRAL, schema: ERROR })
  @ApiConflictResponse({ description: 'It is being sent right now.', schema: ERROR })
  @ApiServiceUnavailableResponse({
    description: 'The referral service cannot be reached.',
    schema: ERROR,
  })
  async retry(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<RetryReferralDto> {
    response.header('Cache-Control', 'no-store');
    try {
      const answer = toRetryReferralDto(await this.referrals.rpc.retryReferral({ referralId: id }));
      this.logger.log({ referralId: id, outcome: answer.outcome }, 'Admin retried a referral');
      return answer;
    } catch (error) {
      const code = grpcCode(error);
      if (code === status.NOT_FOUND) throw new NotFoundException(NO_FAILED_REFERRAL);
      if (code === status.FAILED_PRECONDITION) throw new ConflictException(REFERRAL_BUSY);
      this.logger.warn({ err: error, referralId: id }, 'Referral retry unavailable');
      throw new ServiceUnavailableException(REFERRAL_SERVICE_UNAVAILABLE);
    }
  }
}
