// Every internal gRPC door checks who knocks: a call without the internal credential
// (INTERNAL_GRPC_TOKEN), or with another one, is answered UNAUTHENTICATED before any handler
// runs; with it, the call is served. First on a hybrid app of fixtures (no engines), then on
// the real referral service, whose ListFailedReferrals and RetryReferral are admin-only.
import { randomUUID } from 'node:crypto';
import { Controller, Get, type INestApplication, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GrpcMethod } from '@nestjs/microservices';
import { Client, credentials, Metadata, status } from '@grpc/grpc-js';
import type { DescMethod, MessageInitShape } from '@bufbuild/protobuf';
import {
  DirectoryService,
  type ListActiveSpecialistsResponseSchema,
  ReferralService,
  ReportService,
  type SendTestReportResponseSchema,
} from '@handcheck/contracts';
import { TEST_INTERNAL_GRPC_TOKEN, uniqueName } from '@handcheck/server-kit/testing';
import { createGrpcClient, GrpcCallError } from '../../../packages/server-kit/src/grpc/grpc-client';
import { listenHybrid } from '../../../packages/server-kit/src/grpc/grpc-server';
import { createHttpAdapter } from '../../../packages/server-kit/src/http/bootstrap';
import { grpcMethodDefinition } from '../../../packages/server-kit/src/grpc/protobuf-definitions';
import { type Running, freePort, startReferral } from '../../support/apps';
import { mongoUrl, referralTopic, testKafka } from '../../support/referrals';
import { type ReferralEnv } from '../../../services/referral/src/config/referral.env';

jest.setTimeout(120_000);

const OTHER_TOKEN = 'a-token-of-another-deployment-0123456789';

/** What a caller without our client sees: grpc-js alone, with whatever metadata it chooses. */
function rawCall(
  address: string,
  method: DescMethod,
  metadata: Metadata = new Metadata(),
): Promise<{ code: status; details: string }> {
  const definition = grpcMethodDefinition(method);
  const client = new Client(address, credentials.createInsecure());
  return new Promise<{ code: status; details: string }>((resolve) => {
    client.makeUnaryRequest(
      definition.path,
      definition.requestSerialize,
      definition.responseDeserialize,
      {},
      metadata,
      { deadline: Date.now() + 5_000 },
      (error) => resolve({ code: error?.code ?? status.OK, details: error?.details ?? '' }),
    );
  }).finally(() => client.close());
}

function bearer(value: string): Metadata {
  const metadata = new Metadata();
  metadata.set('authorization', value);
  return metadata;
}

async function failure(call: Promise<unknown>): Promise<GrpcCallError> {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GrpcCallError);
  return error as GrpcCallError;
}

const handled: string[] = [];

@Controller()
class FixtureController {
  @Get('health/live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @GrpcMethod('DirectoryService', 'ListActiveSpecialists')
  listActiveSpecialists(): MessageInitShape<typeof ListActiveSpecialistsResponseSchema> {
    handled.push('ListActiveSpecialists');
    return { specialists: [] };
  }

  @GrpcMethod('ReportService', 'SendTestReport')
  sendTestReport(): MessageInitShape<typeof SendTestReportResponseSchema> {
    handled.push('SendTestReport');
    return { emailId: 'mail-1' };
  }
}

@Module({ controllers: [FixtureController] })
class FixtureModule {}

describe('a hybrid app behind the internal credential', () => {
  let app: INestApplication;
  let address: string;
  let httpUrl: string;
  let warnings: jest.SpyInstance;

  beforeAll(async () => {
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    app = await NestFactory.create(FixtureModule, createHttpAdapter(), { logger: false });
    const grpcPort = await freePort();
    await listenHybrid(
      app,
      { port: 0, host: '127.0.0.1' },
      {
        services: [DirectoryService, ReportService],
        port: grpcPort,
        host: '127.0.0.1',
        internalToken: TEST_INTERNAL_GRPC_TOKEN,
      },
    );
    address = `127.0.0.1:${grpcPort}`;
    const { port } = app.getHttpServer().address() as { port: number };
    httpUrl = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    await app?.close();
    warnings?.mockRestore();
  });

  it('serves every method to a client with the credential', async () => {
    const directory = createGrpcClient(DirectoryService, address, {
      deadlineMs: 5_000,
      internalToken: TEST_INTERNAL_GRPC_TOKEN,
    });
    const report = createGrpcClient(ReportService, address, {
      deadlineMs: 5_000,
      internalToken: TEST_INTERNAL_GRPC_TOKEN,
    });
    try {
      await expect(directory.listActiveSpecialists()).resolves.toMatchObject({ specialists: [] });
      await expect(
        report.sendTestReport({ recipientEmail: 'a@example.com' }),
      ).resolves.toMatchObject({ emailId: 'mail-1' });
    } finally {
      directory.close();
      report.close();
    }
  });

  it('answers UNAUTHENTICATED to a call without the credential, on every method, and runs no handler', async () => {
    handled.length = 0;
    for (const method of [...DirectoryService.methods, ...ReportService.methods]) {
      const answer = await rawCall(address, method);
      expect([method.name, answer.code]).toEqual([method.name, status.UNAUTHENTICATED]);
      expect(answer.details).toMatch(/without a credential.*authorization: Bearer/);
    }
    expect(handled).toEqual([]);
  });

  it('answers UNAUTHENTICATED to a wrong, short or unprefixed token', async () => {
    handled.length = 0;
    const stranger = createGrpcClient(DirectoryService, address, {
      deadlineMs: 5_000,
      internalToken: OTHER_TOKEN,
    });
    try {
      const error = await failure(stranger.listActiveSpecialists());
      expect(error.code).toBe(status.UNAUTHENTICATED);
      expect(error.details).toMatch(/wrong credential/);
    } finally {
      stranger.close();
    }
    const [method] = DirectoryService.methods;
    for (const value of ['Bearer short', TEST_INTERNAL_GRPC_TOKEN, 'Bearer ']) {
      const answer = await rawCall(address, method!, bearer(value));
      expect([value, answer.code]).toEqual([value, status.UNAUTHENTICATED]);
    }
    expect(handled).toEqual([]);
  });

  it('leaves the HTTP health endpoints of the same app open', async () => {
    const live = await fetch(`${httpUrl}/health/live`);
    expect(live.status).toBe(200);
  });
});

describe('the referral service behind the internal credential', () => {
  let referral: Running<ReferralEnv> & { grpcAddress: string };
  const [list, retry] = [
    ReferralService.method.listFailedReferrals,
    ReferralService.method.retryReferral,
  ];

  let warnings: jest.SpyInstance;

  beforeAll(async () => {
    warnings = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const kafka = testKafka();
    referral = await startReferral({
      REFERRAL_TOPIC: await referralTopic(kafka),
      REFERRAL_CONSUMER_GROUP: uniqueName('referral-credential'),
      MONGO_URL: mongoUrl(uniqueName('referral_credential')),
    });
  });

  afterAll(async () => {
    await referral?.close();
    warnings?.mockRestore();
  });

  it('refuses ListFailedReferrals and RetryReferral without the credential or with another one', async () => {
    for (const method of [list, retry]) {
      for (const metadata of [new Metadata(), bearer(`Bearer ${OTHER_TOKEN}`)]) {
        const answer = await rawCall(referral.grpcAddress, method, metadata);
        expect([method.name, answer.code]).toEqual([method.name, status.UNAUTHENTICATED]);
      }
    }
  });

  it('serves them with the credential every service of the deployment shares', async () => {
    const client = createGrpcClient(ReferralService, referral.grpcAddress, {
      deadlineMs: 10_000,
      internalToken: referral.env.internalGrpcToken,
    });
    try {
      await expect(client.listFailedReferrals({ limit: 5 })).resolves.toMatchObject({
        total: 0,
      });
      // Past the door: the service itself answers that no failed referral has this id.
      const error = await failure(client.retryReferral({ referralId: randomUUID() }));
      expect(error.code).toBe(status.NOT_FOUND);
    } finally {
      client.close();
    }
  });

  it('keeps its health endpoints open over HTTP', async () => {
    expect((await fetch(`${referral.url}/health/live`)).status).toBe(200);
  });
});
