import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Matches, ValidateIf } from 'class-validator';
import { CommonEnv } from '../config/common-env';
import { INTERNAL_TOKEN_PATTERN, MIN_INTERNAL_TOKEN_LENGTH } from './internal-credential';

let processToken: string | undefined;

/**
 * A token of this process alone, made once: calls between this process's own servers and
 * clients work (tests that boot several services in one process), calls to or from any other
 * process are refused. A forgotten setting then fails closed, never open.
 */
function tokenOfThisProcess(): string {
  if (processToken === undefined) {
    processToken = randomBytes(32).toString('hex');
    new Logger('InternalCredential').warn(
      'INTERNAL_GRPC_TOKEN is not set: gRPC calls to and from other processes will be refused',
    );
  }
  return processToken;
}

/** The settings of a service that serves or calls gRPC; its Env class extends this one. */
export class GrpcEnv extends CommonEnv {
  /**
   * The credential every internal gRPC call carries and every gRPC server checks; the same
   * value in every service. Required in production (e.g. `openssl rand -hex 32`); elsewhere,
   * when empty, each process makes its own, so only calls inside one process succeed.
   */
  @ValidateIf((env: GrpcEnv) => env.NODE_ENV === 'production' || env.INTERNAL_GRPC_TOKEN !== '')
  @Matches(INTERNAL_TOKEN_PATTERN, {
    message: `$property must be at least ${MIN_INTERNAL_TOKEN_LENGTH} printable ASCII characters without spaces, e.g. \`openssl rand -hex 32\` (required when NODE_ENV=production)`,
  })
  INTERNAL_GRPC_TOKEN = '';

  /** The configured token, or outside production this process's own. */
  get internalGrpcToken(): string {
    return this.INTERNAL_GRPC_TOKEN || tokenOfThisProcess();
  }
}
