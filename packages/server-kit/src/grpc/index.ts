export * from './protobuf-definitions';
export * from './grpc-exception.filter';
export * from './internal-credential';
export * from './grpc.env';
export * from './grpc-server';
export * from './grpc-client';
