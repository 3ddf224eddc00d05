import type { DescService } from '@bufbuild/protobuf';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import type { NestFactory } from '@nestjs/core';
import { type GrpcOptions, type NestMicroservice, ServerGrpc } from '@nestjs/microservices';
import {
  status,
  type sendUnaryData,
  type Server as GrpcJsServer,
  type ServerUnaryCall,
} from '@grpc/grpc-js';
import { createHttpService, type HttpServiceOptions } from '../http/bootstrap';
import { GrpcExceptionFilter } from './grpc-exception.filter';
import { internalCredentialInterceptor } from './internal-credential';
import { grpcPackageDefinition, grpcPackageNames } from './protobuf-definitions';

export interface GrpcServeOptions {
  /**
   * Generated protobuf-es services (`DirectoryService` from @handcheck/contracts)
   * this app implements. Handlers are controller methods decorated with
   * `@GrpcMethod('DirectoryService', 'ListActiveSpecialists')`: the service's
   * short name as in the .proto file (its fully qualified name works too).
   * An RPC without a handler answers UNIMPLEMENTED.
   */
  services: readonly DescService[];
  port: number;
  host: string;
  /**
   * The internal credential (INTERNAL_GRPC_TOKEN, `env.internalGrpcToken`): a call without it
   * is answered UNAUTHENTICATED before any handler runs.
   */
  internalToken: string;
  /**
   * How long closing waits for calls in flight before answering them
   * UNAVAILABLE. Default 5 s: well inside Kubernetes' 30 s termination grace;
   * callers' deadlines should be shorter.
   */
  shutdownGraceMs?: number;
}

const DEFAULT_SHUTDOWN_GRACE_MS = 5_000;

/** After the grace period, how long the cut-off calls get to send their status before the sockets go. */
const FLUSH_MS = 1_000;

type UnaryHandler = (
  call: ServerUnaryCall<unknown, unknown>,
  callback: sendUnaryData<unknown>,
) => unknown;

/**
 * Nest's gRPC server with a bounded graceful close: stop accepting calls, let
 * those in flight finish for up to `graceMs`, then answer the unary calls still
 * running with UNAVAILABLE (retryable, unlike the CANCELLED a dropped socket
 * gives) and close. Nest's own `gracefulShutdown` waits without a limit, so one
 * stuck call would hold the process until it is killed.
 */
export class GracefulGrpcServer extends ServerGrpc {
  private readonly cutOffs = new Set<() => void>();

  constructor(
    options: GrpcOptions['options'],
    private readonly graceMs: number,
  ) {
    super(options);
  }

  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's signature
  override createUnaryServiceMethod(methodHandler: Function): Function {
    const handle = super.createUnaryServiceMethod(methodHandler) as UnaryHandler;
    return (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      let done = false;
      const finish: sendUnaryData<unknown> = (error, value) => {
        if (done) return;
        done = true;
        this.cutOffs.delete(cutOff);
        callback(error, value);
      };
      const cutOff = () => finish({ code: status.UNAVAILABLE, details: 'server shutting down' });
      this.cutOffs.add(cutOff);
      // Deadline passed or the client went away: grpc-js has ended the call.
      call.on('cancelled', () => {
        done = true;
        this.cutOffs.delete(cutOff);
      });
      return handle(call, finish);
    };
  }

  override async close(): Promise<void> {
    const server = this.grpcClient as GrpcJsServer | undefined | null;
    if (server) await this.drain(server);
    // Clears the reference; forcing an already shut-down server is a no-op.
    await super.close();
  }

  private drain(server: GrpcJsServer): Promise<void> {
    return new Promise((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      const done = () => {
        timers.forEach(clearTimeout);
        resolve();
      };
      timers.push(
        setTimeout(() => [...this.cutOffs].forEach((cutOff) => cutOff()), this.graceMs),
        setTimeout(() => {
          server.forceShutdown();
          done();
        }, this.graceMs + FLUSH_MS),
      );
      server.tryShutdown(done);
    });
  }
}

/**
 * Nest microservice options serving `services` on host:port, every call checked for the
 * internal credential. The package definition is built from the protobuf-es descriptors, so
 * no .proto file is loaded at run time (Nest still requires @grpc/proto-loader to be installed).
 */
export function grpcServerOptions(
  options: Omit<GrpcServeOptions, 'shutdownGraceMs'>,
): GrpcOptions['options'] {
  if (options.services.length === 0) throw new Error('gRPC needs at least one service');
  return {
    url: `${options.host}:${options.port}`,
    package: grpcPackageNames(options.services),
    packageDefinition: grpcPackageDefinition(options.services),
    // Nest hands channelOptions to grpc-js's Server constructor, whose options take interceptors.
    channelOptions: { interceptors: [internalCredentialInterceptor(options.internalToken)] },
  };
}

/**
 * Makes an HTTP app hybrid: adds a gRPC server for `options.services`, with its own config
 * (not the HTTP app's ValidationPipe or JSON error filter) and `GrpcExceptionFilter`. Call
 * before `app.listen()`, or use `listenHybrid`, which also starts it in the right order.
 * `app.close()` (also what SIGTERM runs) closes the HTTP server, then drains gRPC calls for up
 * to `shutdownGraceMs`; engine clients close after that, in `onApplicationShutdown`, so calls
 * in flight still have their database.
 */
export function connectGrpc(app: INestApplication, options: GrpcServeOptions): INestMicroservice {
  const strategy = new GracefulGrpcServer(
    grpcServerOptions(options),
    options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS,
  );
  // Nest builds the handlers' exception zones when it registers listeners, which
  // connectMicroservice does at once unless deferred: defer, add the filter, then
  // do what it would have done (the app, not the microservice, runs the init hooks).
  const microservice = app.connectMicroservice(
    { strategy },
    { deferInitialization: true },
  ) as NestMicroservice;
  microservice.useGlobalFilters(new GrpcExceptionFilter());
  microservice.registerListeners();
  microservice.setIsInitialized(true);
  microservice.setIsInitHookCalled(true);
  return microservice;
}

/**
 * Starts a hybrid app: init hooks, then gRPC, then HTTP. Modules finish their
 * onModuleInit (connections, indexes) before the first call can arrive; gRPC
 * binds before HTTP so a taken gRPC port fails start-up before the HTTP health
 * checks ever answer ready.
 */
export async function listenHybrid(
  app: INestApplication,
  http: { port: number; host: string },
  grpc: GrpcServeOptions,
): Promise<void> {
  connectGrpc(app, grpc);
  await app.init();
  await app.startAllMicroservices().catch((error: unknown) => {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`gRPC cannot listen on ${grpc.host}:${grpc.port}: ${why}`, { cause: error });
  });
  await app.listen(http.port, http.host);
}

/**
 * `runService` for a service that also serves gRPC: a service's whole main.ts.
 * The env schema's GRPC_PORT is where gRPC listens, on the same HOST as HTTP;
 * its internal token (GrpcEnv) is what callers must present.
 */
export function runHybridService(
  module: Parameters<typeof NestFactory.create>[0],
  envSchema: new () => { PORT: number; HOST: string; GRPC_PORT: number; internalGrpcToken: string },
  services: readonly DescService[],
  options: Omit<HttpServiceOptions, 'port' | 'host'> & { shutdownGraceMs?: number } = {},
): void {
  createHttpService(module, options)
    .then(async (app) => {
      const env = app.get(envSchema);
      await listenHybrid(
        app,
        { port: env.PORT, host: env.HOST },
        {
          services,
          port: env.GRPC_PORT,
          host: env.HOST,
          internalToken: env.internalGrpcToken,
          shutdownGraceMs: options.shutdownGraceMs,
        },
      );
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
