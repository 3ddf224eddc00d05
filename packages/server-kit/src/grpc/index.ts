export * from './protobuf-definitions';
export * from './grpc-exception.filter';
export * from './grpc-server';
export * from './grpc-client';
