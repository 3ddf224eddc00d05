import { Injectable } from '@nestjs/common';
import { ReportService } from '@handcheck/contracts';
import { GrpcServiceClient } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/** Querying ClickHouse and rendering and sending a mail with a chart take seconds, not more. */
export const REPORT_DEADLINE_MS = 20_000;

/** The report service over gRPC (REPORT_GRPC_URL). */
@Injectable()
export class ReportClient extends GrpcServiceClient<typeof ReportService> {
  constructor(env: GatewayEnv) {
    super(ReportService, env.REPORT_GRPC_URL, {
      deadlineMs: REPORT_DEADLINE_MS,
      internalToken: env.internalGrpcToken,
    });
  }
}
