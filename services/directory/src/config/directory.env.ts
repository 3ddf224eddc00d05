import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { CommonEnv } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

export class DirectoryEnv extends CommonEnv {
  override PORT = SERVICES.directory.httpPort;

  /** gRPC (ListActiveSpecialists), for the gateway. 0 picks a free port (tests). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  GRPC_PORT = SERVICES.directory.grpcPort ?? 0;
}
