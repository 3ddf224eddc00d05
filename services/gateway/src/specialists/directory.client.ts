import { Injectable } from '@nestjs/common';
import { DirectoryService } from '@handcheck/contracts';
import { GrpcServiceClient } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/**
 * A page waits for the directory at most this long, and only when the gateway has nothing
 * cached: the directory answers from one indexed MongoDB read in a few milliseconds.
 */
export const DIRECTORY_DEADLINE_MS = 1_000;

/** The directory service over gRPC (DIRECTORY_GRPC_URL). */
@Injectable()
export class DirectoryClient extends GrpcServiceClient<typeof DirectoryService> {
  constructor(env: GatewayEnv) {
    super(DirectoryService, env.DIRECTORY_GRPC_URL, {
      deadlineMs: DIRECTORY_DEADLINE_MS,
      internalToken: env.internalGrpcToken,
    });
  }
}
