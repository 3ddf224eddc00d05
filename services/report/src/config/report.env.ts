import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { CommonEnv } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

export class ReportEnv extends CommonEnv {
  override PORT = SERVICES.report.httpPort;

  /** gRPC (SendTestReport), for the gateway. 0 picks a free port (tests). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  GRPC_PORT = SERVICES.report.grpcPort ?? 0;
}
