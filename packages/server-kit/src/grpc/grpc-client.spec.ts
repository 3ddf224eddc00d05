import { Metadata, status } from '@grpc/grpc-js';
import { DirectoryService, ReportService } from '@handcheck/contracts';
import { createGrpcClient, GrpcCallError, grpcStatusName } from './grpc-client';

const TOKEN = 'a-token-of-the-tests-0123456789abcdef';

const METHOD = 'handcheck.directory.v1.DirectoryService/ListActiveSpecialists';

describe('GrpcCallError.from', () => {
  it('keeps the code, details and metadata of a grpc-js ServiceError', () => {
    const metadata = new Metadata();
    const serviceError = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
      code: status.UNAVAILABLE,
      details: 'No connection established',
      metadata,
    });
    const error = GrpcCallError.from(METHOD, serviceError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'GrpcCallError',
      method: METHOD,
      code: status.UNAVAILABLE,
      codeName: 'UNAVAILABLE',
    });
    expect(error.details).toBe('No connection established');
    expect(error.metadata).toBe(metadata);
    expect(error.message).toBe(`${METHOD} failed: UNAVAILABLE: No connection established`);
  });

  it('calls anything without a gRPC code UNKNOWN', () => {
    expect(GrpcCallError.from(METHOD, new Error('boom'))).toMatchObject({
      code: status.UNKNOWN,
      details: 'boom',
    });
    expect(GrpcCallError.from(METHOD, { code: 99, details: 'odd' })).toMatchObject({
      code: status.UNKNOWN,
      details: 'odd',
    });
    expect(GrpcCallError.from(METHOD, undefined)).toMatchObject({
      code: status.UNKNOWN,
      details: 'undefined',
    });
  });

  it('passes a GrpcCallError through', () => {
    const original = new GrpcCallError(METHOD, status.DEADLINE_EXCEEDED, 'Deadline exceeded');
    expect(GrpcCallError.from('other', original)).toBe(original);
  });
});

describe('grpcStatusName', () => {
  it('names gRPC codes and says when a number is none', () => {
    expect(grpcStatusName(status.DEADLINE_EXCEEDED)).toBe('DEADLINE_EXCEEDED');
    expect(grpcStatusName(0)).toBe('OK');
    expect(grpcStatusName(42)).toBe('code 42');
  });
});

describe('createGrpcClient', () => {
  it('has one method per unary RPC, named as protobuf-es names it, plus close', () => {
    // The channel connects lazily: nothing is dialled here.
    const client = createGrpcClient(ReportService, '127.0.0.1:1', {
      deadlineMs: 100,
      internalToken: TOKEN,
    });
    expect(Object.keys(client).sort()).toEqual(['close', 'getDashboard', 'sendTestReport']);
    client.close();
  });

  it('refuses a client without a positive deadline', () => {
    const client = (deadlineMs: number) => () =>
      createGrpcClient(DirectoryService, '127.0.0.1:1', { deadlineMs, internalToken: TOKEN });
    expect(client(0)).toThrow(/deadlineMs/);
    expect(client(Number.NaN)).toThrow(/deadlineMs/);
  });

  it('refuses a client without a usable internal credential, naming the setting', () => {
    for (const internalToken of ['', 'short', `${'x'.repeat(31)}`, `with space ${TOKEN}`]) {
      expect(() =>
        createGrpcClient(DirectoryService, '127.0.0.1:1', { deadlineMs: 100, internalToken }),
      ).toThrow(/INTERNAL_GRPC_TOKEN/);
    }
  });
});
