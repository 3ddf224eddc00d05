import { type OnApplicationShutdown } from '@nestjs/common';
import type { MessageInitShape, MessageShape } from '@bufbuild/protobuf';
import type { GenService, GenServiceMethods } from '@bufbuild/protobuf/codegenv2';
import {
  Client,
  credentials as grpcCredentials,
  Metadata,
  status,
  type ChannelCredentials,
  type ChannelOptions,
} from '@grpc/grpc-js';
import { assertInternalToken, withInternalCredential } from './internal-credential';
import { grpcMethodDefinition } from './protobuf-definitions';

/**
 * A failed gRPC call. `code` is the gRPC status (`status.UNAVAILABLE`,
 * `status.DEADLINE_EXCEEDED`, …), `details` the server's (or grpc-js's) text.
 */
export class GrpcCallError extends Error {
  override readonly name = 'GrpcCallError';

  constructor(
    /** `handcheck.directory.v1.DirectoryService/ListActiveSpecialists` */
    readonly method: string,
    readonly code: status,
    readonly details: string,
    readonly metadata?: Metadata,
  ) {
    super(`${method} failed: ${grpcStatusName(code)}: ${details}`);
  }

  get codeName(): string {
    return grpcStatusName(this.code);
  }

  /** From whatever grpc-js gave the callback: a ServiceError normally, anything else as UNKNOWN. */
  static from(method: string, error: unknown): GrpcCallError {
    if (error instanceof GrpcCallError) return error;
    const { code, details, message, metadata } = (error ?? {}) as {
      code?: unknown;
      details?: unknown;
      message?: unknown;
      metadata?: unknown;
    };
    const known = typeof code === 'number' && grpcStatusName(code) !== `code ${code}`;
    const text =
      typeof details === 'string' ? details : typeof message === 'string' ? message : String(error);
    return new GrpcCallError(
      method,
      known ? (code as status) : status.UNKNOWN,
      text,
      metadata instanceof Metadata ? metadata : undefined,
    );
  }
}

/** `DEADLINE_EXCEEDED` for 4; `code 99` for what is not a gRPC status. */
export function grpcStatusName(code: number): string {
  const name = (status as unknown as Record<number, string | undefined>)[code];
  return typeof name === 'string' ? name : `code ${code}`;
}

export interface GrpcClientOptions {
  /** Every call fails with DEADLINE_EXCEEDED after this long, unless the call sets its own. */
  deadlineMs: number;
  /**
   * The internal credential (INTERNAL_GRPC_TOKEN, `env.internalGrpcToken`) every call carries;
   * the server answers UNAUTHENTICATED without it.
   */
  internalToken: string;
  /** Default: insecure (plaintext), as inside the cluster. */
  credentials?: ChannelCredentials;
  channelOptions?: ChannelOptions;
}

export interface GrpcCallOptions {
  /** This call's deadline instead of the client's. */
  deadlineMs?: number;
  /** Sent beside the internal credential, which it cannot replace. */
  metadata?: Metadata;
}

/** A generated service descriptor (`DirectoryService` from @handcheck/contracts). */
export type AnyGenService = GenService<GenServiceMethods>;

type Methods<T extends AnyGenService> = T['method'];

type UnaryMethodNames<T extends AnyGenService> = {
  [K in keyof Methods<T>]: Methods<T>[K]['methodKind'] extends 'unary' ? K : never;
}[keyof Methods<T>];

/**
 * The client of `createGrpcClient(T, …)`, e.g. `GrpcClient<typeof DirectoryService>`:
 * one async function per unary RPC, named as protobuf-es names it
 * (`listActiveSpecialists`). It takes the request as a message or init object
 * (omitted means empty) and resolves with the response message, or rejects with
 * a GrpcCallError. Streaming RPCs are not offered.
 */
export type GrpcClient<T extends AnyGenService> = {
  [K in UnaryMethodNames<T>]: (
    request?: MessageInitShape<Methods<T>[K]['input']>,
    options?: GrpcCallOptions,
  ) => Promise<MessageShape<Methods<T>[K]['output']>>;
} & {
  /** Closes the channel; calls after this fail. */
  close(): void;
};

/**
 * A typed client for one generated service at `address` (`host:port`).
 * The channel connects lazily and reconnects by itself; a call made while the
 * server is down fails at once with UNAVAILABLE (no wait-for-ready), so the
 * caller decides whether to retry.
 */
export function createGrpcClient<T extends AnyGenService>(
  service: T,
  address: string,
  options: GrpcClientOptions,
): GrpcClient<T> {
  if (!(options.deadlineMs > 0))
    throw new Error(`deadlineMs must be positive, got ${options.deadlineMs}`);
  assertInternalToken(options.internalToken);
  const client = new Client(
    address,
    options.credentials ?? grpcCredentials.createInsecure(),
    options.channelOptions,
  );
  const api: Record<string, unknown> = {
    close: () => client.close(),
  };
  for (const method of service.methods) {
    if (method.methodKind !== 'unary') continue;
    if (method.localName in api)
      throw new Error(
        `${service.typeName}.${method.name} clashes with the client's own ${method.localName}()`,
      );
    const definition = grpcMethodDefinition(method);
    const name = definition.path.slice(1);
    api[method.localName] = (request: unknown = {}, call: GrpcCallOptions = {}) =>
      new Promise((resolve, reject) => {
        client.makeUnaryRequest(
          definition.path,
          definition.requestSerialize,
          definition.responseDeserialize,
          request,
          withInternalCredential(options.internalToken, call.metadata),
          { deadline: Date.now() + (call.deadlineMs ?? options.deadlineMs) },
          (error, response) =>
            error ? reject(GrpcCallError.from(name, error)) : resolve(response),
        );
      });
  }
  return api as GrpcClient<T>;
}

/**
 * A Nest provider of one gRPC service's client: a subclass gives the service, its address,
 * deadline and credential (`super(ReportService, env.REPORT_GRPC_URL, { deadlineMs,
 * internalToken: env.internalGrpcToken })`); callers use `rpc`.
 * The channel connects lazily and closes with the application.
 */
export abstract class GrpcServiceClient<T extends AnyGenService> implements OnApplicationShutdown {
  readonly rpc: GrpcClient<T>;

  protected constructor(service: T, address: string, options: GrpcClientOptions) {
    this.rpc = createGrpcClient(service, address, options);
  }

  onApplicationShutdown(): void {
    this.rpc.close();
  }
}
