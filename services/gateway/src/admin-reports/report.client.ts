import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  type GetDashboardResponse,
  ReportService,
  type SendTestReportResponse,
} from '@handcheck/contracts';
import { createGrpcClient, type GrpcClient } from '@handcheck/server-kit';
import { GatewayEnv } from '../config/gateway.env';

/** Querying ClickHouse and rendering and sending a mail with a chart take seconds, not more. */
export const REPORT_DEADLINE_MS = 20_000;

/** The report service over gRPC (REPORT_GRPC_URL). The channel connects lazily. */
@Injectable()
export class ReportClient implements OnApplicationShutdown {
  private readonly client: GrpcClient<typeof ReportService>;

  constructor(env: GatewayEnv) {
    this.client = createGrpcClient(ReportService, env.REPORT_GRPC_URL, {
      deadlineMs: REPORT_DEADLINE_MS,
    });
  }

  sendTestReport(recipientEmail: string): Promise<SendTestReportResponse> {
    return this.client.sendTestReport({ recipientEmail });
  }

  getDashboard(): Promise<GetDashboardResponse> {
    return this.client.getDashboard({});
  }

  onApplicationShutdown(): void {
    this.client.close();
  }
}
