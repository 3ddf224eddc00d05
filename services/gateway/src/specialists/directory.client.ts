import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { DirectoryService, type ListActiveSpecialistsResponse } from '@handcheck/contracts';
import { createGrpcClient, type GrpcClient } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/**
 * A page waits for the directory at most this long, and only when the gateway has nothing
 * cached: the directory answers from one indexed MongoDB read in a few milliseconds.
 */
export const DIRECTORY_DEADLINE_MS = 1_000;

/** The directory service over gRPC (DIRECTORY_GRPC_URL). The channel connects lazily. */
@Injectable()
export class DirectoryClient implements OnApplicationShutdown {
  private readonly client: GrpcClient<typeof DirectoryService>;

  constructor(env: GatewayEnv) {
    this.client = createGrpcClient(DirectoryService, env.DIRECTORY_GRPC_URL, {
      deadlineMs: DIRECTORY_DEADLINE_MS,
    });
  }

  listActiveSpecialists(): Promise<ListActiveSpecialistsResponse> {
    return this.client.listActiveSpecialists();
  }

  onApplicationShutdown(): void {
    this.client.close();
  }
}
