import {
  create,
  fromBinary,
  toBinary,
  type DescMessage,
  type DescMethod,
  type DescService,
} from '@bufbuild/protobuf';
import type { MethodDefinition, ServiceDefinition } from '@grpc/grpc-js';

/**
 * grpc-js method and service definitions built from protobuf-es descriptors, so
 * servers and clients use the generated types of `@handcheck/contracts` and no
 * .proto file is read at run time.
 *
 * Serializing goes through `create()`, so a handler or caller may pass either a
 * message or a plain init object (`{ specialists: [...] }`); deserializing gives
 * a protobuf-es message (optional fields absent stay `undefined`).
 */

function serializer(schema: DescMessage): (value: unknown) => Buffer {
  return (value) => {
    const bytes = toBinary(schema, create(schema, value as never));
    // A view, not a copy: grpc-js only reads it.
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}

function deserializer(schema: DescMessage): (bytes: Buffer) => unknown {
  return (bytes) => fromBinary(schema, bytes);
}

/** `/handcheck.directory.v1.DirectoryService/ListActiveSpecialists`: the HTTP/2 path of one RPC. */
export function grpcMethodPath(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}

export function grpcMethodDefinition(method: DescMethod): MethodDefinition<unknown, unknown> {
  const kind = method.methodKind;
  return {
    path: grpcMethodPath(method),
    requestStream: kind === 'client_streaming' || kind === 'bidi_streaming',
    responseStream: kind === 'server_streaming' || kind === 'bidi_streaming',
    requestSerialize: serializer(method.input),
    requestDeserialize: deserializer(method.input),
    responseSerialize: serializer(method.output),
    responseDeserialize: deserializer(method.output),
    // The protobuf-es method name (listActiveSpecialists); grpc-js adds it as an alias.
    originalName: method.localName,
  };
}

/** Keyed by the RPC name as written in the .proto file, as @grpc/proto-loader does. */
export function grpcServiceDefinition(service: DescService): ServiceDefinition {
  return Object.fromEntries(
    service.methods.map((method) => [method.name, grpcMethodDefinition(method)]),
  );
}

/** grpc-js's PackageDefinition (not exported by name), services only. */
export type GrpcPackageDefinition = Record<string, ServiceDefinition>;

/**
 * What `@grpc/proto-loader` would produce for these services, keyed by their
 * fully qualified names (`handcheck.directory.v1.DirectoryService`).
 */
export function grpcPackageDefinition(services: readonly DescService[]): GrpcPackageDefinition {
  const definition: GrpcPackageDefinition = {};
  for (const service of services) {
    if (definition[service.typeName])
      throw new Error(`gRPC service ${service.typeName} given twice`);
    definition[service.typeName] = grpcServiceDefinition(service);
  }
  return definition;
}

/** The distinct protobuf packages of these services (`handcheck.directory.v1`), in first-seen order. */
export function grpcPackageNames(services: readonly DescService[]): string[] {
  return [...new Set(services.map((service) => service.file.proto.package))];
}
