import {
  Body,
  Controller,
  HttpCode,
  HttpException,
  HttpStatus,
  Post,
  Req,
  ServiceUnavailableException,
  UseFilters,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { type FastifyRequest } from 'fastify';
import { ReferralRequestBody } from '@handcheck/contracts';
import {
  ClientRateLimit,
  MongoLimitStore,
  Public,
  limitText,
  withHeaders,
} from '@handcheck/server-kit';
import { AuthKeys } from '../auth/auth-keys.service';
import { GatewayEnv } from '../config/gateway.env';
import { EVENTS_BODY_LIMIT } from '../events/events-route';
import { ReferralAnswerDto, ReferralErrorDto } from './dto/referral-answer.dto';
import { ReferralAnswerFilter } from './referral-answer.filter';
import { ReferralNotPublished, ReferralsService } from './referrals.service';

export const REFERRAL_UNAVAILABLE_MESSAGE =
  'We could not send your referral request just now. Please try again in a few minutes.';

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

/** Open to every visitor: no admin session needed. */
@Public()
@ApiTags('referrals')
@Controller('referrals')
@UseFilters(ReferralAnswerFilter)
export class ReferralsController {
  private readonly limiter: ClientRateLimit;

  constructor(
    private readonly referrals: ReferralsService,
    env: GatewayEnv,
    keys: AuthKeys,
    store: MongoLimitStore,
  ) {
    // In MongoDB under the replicas' shared key: a visitor's share holds whichever replica answers.
    this.limiter = new ClientRateLimit({
      name: 'referral',
      burst: env.REFERRAL_RATE_LIMIT,
      perSecond: env.REFERRAL_RATE_LIMIT / env.REFERRAL_RATE_WINDOW_SECONDS,
      secret: keys.jwtSecret,
      store,
    });
  }

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    operationId: 'Referrals_request',
    summary: 'Ask for a specialist referral',
    description:
      'Checks each field is of its JSON type (text, or a list of text), cleans the fields ' +
      '(invisible format characters removed, markup stripped, trimmed; spec section 5), checks ' +
      'them (the limits of `ReferralRequestBody` hold for the cleaned fields; `top_conditions` ' +
      "names the symptom checker's conditions), and answers " +
      '`{success: true, id}` once Kafka has the request; the specialist is then mailed, and ' +
      'the patient a confirmation unless that address had its few for the day (the answer is ' +
      'the same either way). Every answer carries `success` and `error`. A client (by address) may send ' +
      'a few referrals in a short time, then gets 429 with `Retry-After`.',
  })
  @ApiBody({ type: ReferralRequestBody })
  @ApiResponse({ status: 202, description: 'Kafka has the referral.', type: ReferralAnswerDto })
  @ApiResponse({
    status: 400,
    description:
      'The body is not a JSON object, or a field is missing, of the wrong JSON type or invalid.',
    type: ReferralErrorDto,
  })
  // The gateway has one body limit for every route (main.ts), the events intake's.
  @ApiResponse({
    status: 413,
    description: `The body is larger than ${limitText(EVENTS_BODY_LIMIT)}.`,
    type: ReferralErrorDto,
  })
  @ApiResponse({
    status: 415,
    description:
      'The body is declared in a character set other than UTF-8, or its bytes are not UTF-8.',
    type: ReferralErrorDto,
  })
  @ApiResponse({
    status: 429,
    description: 'Too many referrals from this client; see `Retry-After` (seconds).',
    type: ReferralErrorDto,
  })
  @ApiResponse({
    status: 503,
    description: 'Kafka did not take the referral in time; nothing was sent.',
    type: ReferralErrorDto,
  })
  async request(
    @Body() body: ReferralRequestBody,
    @Req() req: FastifyRequest,
  ): Promise<ReferralAnswerDto> {
    // req.ip follows the trusted-proxy rule (Fastify's trustProxy); the address goes no further
    // than the limiter's hash.
    const decision = await this.limiter.take(req.ip);
    if (!decision.allowed) {
      this.referrals.count('limited');
      const wait = decision.retryAfterSeconds;
      throw withHeaders(
        new HttpException(
          `You have sent several referral requests in a short time. Please wait ${minutesText(wait)} and try again.`,
          HttpStatus.TOO_MANY_REQUESTS,
        ),
        { 'Retry-After': String(wait) },
      );
    }
    try {
      const id = await this.referrals.publish(body);
      return { success: true, error: null, id };
    } catch (error) {
      if (!(error instanceof ReferralNotPublished)) throw error;
      // Not sent: it does not count against the visitor's limit.
      await decision.refund();
      throw withHeaders(new ServiceUnavailableException(REFERRAL_UNAVAILABLE_MESSAGE), {
        'Retry-After': '60',
      });
    }
  }
}
