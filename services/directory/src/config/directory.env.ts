import { GrpcEnv, IsListenPort } from '@handcheck/server-kit';
import { SERVICES } from '@handcheck/service-registry';

export class DirectoryEnv extends GrpcEnv {
  override PORT = SERVICES.directory.httpPort;

  /** gRPC (ListActiveSpecialists), for the gateway. 0 picks a free port (tests). */
  @IsListenPort()
  GRPC_PORT = SERVICES.directory.grpcPort ?? 0;
}
