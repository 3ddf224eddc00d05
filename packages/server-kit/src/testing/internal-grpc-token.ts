/**
 * The internal gRPC credential of the services tests boot in their own process: servers and
 * clients get the same one, as the supervisor, compose and the chart give every service one.
 */
export const TEST_INTERNAL_GRPC_TOKEN = 'test-internal-grpc-token-0123456789abcdef';
