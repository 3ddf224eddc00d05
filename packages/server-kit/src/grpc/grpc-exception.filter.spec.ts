import {
  BadRequestException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
} from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import { lastValueFrom } from 'rxjs';
import {
  GrpcExceptionFilter,
  grpcCodeForHttpStatus,
  toGrpcErrorStatus,
} from './grpc-exception.filter';

describe('toGrpcErrorStatus', () => {
  it("keeps an RpcException's code and message", () => {
    expect(
      toGrpcErrorStatus(
        new RpcException({ code: status.NOT_FOUND, message: 'no such specialist' }),
      ),
    ).toEqual({
      code: status.NOT_FOUND,
      details: 'no such specialist',
      message: 'no such specialist',
    });
  });

  it('prefers details over message when an RpcException carries both', () => {
    expect(
      toGrpcErrorStatus(new RpcException({ code: status.ABORTED, message: 'm', details: 'd' }))
        .details,
    ).toBe('d');
  });

  it('answers UNKNOWN for an RpcException without a usable code', () => {
    expect(toGrpcErrorStatus(new RpcException('plain text'))).toMatchObject({
      code: status.UNKNOWN,
      details: 'plain text',
    });
    expect(toGrpcErrorStatus(new RpcException({ code: 0, message: 'ok?' })).code).toBe(
      status.UNKNOWN,
    );
    expect(toGrpcErrorStatus(new RpcException({ code: 11000, message: 'dup' })).code).toBe(
      status.UNKNOWN,
    );
  });

  it('maps Nest HTTP exceptions to the matching code', () => {
    expect(toGrpcErrorStatus(new BadRequestException('bad email'))).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'bad email',
    });
    expect(toGrpcErrorStatus(new NotFoundException()).code).toBe(status.NOT_FOUND);
  });

  it('hides internals behind an error id for everything else', () => {
    for (const thrown of [
      new Error('connect ECONNREFUSED 10.0.0.7:27017'),
      Object.assign(new Error('E11000 duplicate key'), { code: 11000 }),
      new InternalServerErrorException('secret detail'),
      'a string',
    ]) {
      const answer = toGrpcErrorStatus(thrown);
      expect(answer.code).toBe(status.INTERNAL);
      expect(answer.errorId).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.details).toBe(`Internal error (error id ${answer.errorId})`);
    }
  });
});

describe('grpcCodeForHttpStatus', () => {
  it.each([
    [400, status.INVALID_ARGUMENT],
    [401, status.UNAUTHENTICATED],
    [403, status.PERMISSION_DENIED],
    [404, status.NOT_FOUND],
    [409, status.ALREADY_EXISTS],
    [422, status.FAILED_PRECONDITION],
    [429, status.RESOURCE_EXHAUSTED],
    [500, status.INTERNAL],
    [501, status.UNIMPLEMENTED],
    [502, status.INTERNAL],
    [503, status.UNAVAILABLE],
    [504, status.DEADLINE_EXCEEDED],
  ])('%i → %i', (http, grpc) => {
    expect(grpcCodeForHttpStatus(http)).toBe(grpc);
  });
});

describe('GrpcExceptionFilter', () => {
  it('errors the observable with the status grpc-js sends, without the error id field', async () => {
    const filter = new GrpcExceptionFilter();
    await expect(lastValueFrom(filter.catch(new HttpException('slow down', 429)))).rejects.toEqual({
      code: status.RESOURCE_EXHAUSTED,
      details: 'slow down',
      message: 'slow down',
    });
  });
});
