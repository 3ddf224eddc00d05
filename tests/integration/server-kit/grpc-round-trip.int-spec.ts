// Two in-process apps talk gRPC: A is a hybrid Nest app (HTTP + gRPC) serving
// the directory and report services from fixtures; B is plain code using the
// typed client. No engines needed.
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import {
  BadRequestException,
  Controller,
  Get,
  type INestApplication,
  Module,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GrpcMethod, RpcException } from '@nestjs/microservices';
import { status } from '@grpc/grpc-js';
import type { MessageInitShape } from '@bufbuild/protobuf';
import {
  create,
  DirectoryService,
  ListActiveSpecialistsResponseSchema,
  ReportService,
  SendTestReportResponseSchema,
  type SendTestReportRequest,
  type Specialist,
  type WeeklyStats,
} from '@handcheck/contracts';
import { TEST_INTERNAL_GRPC_TOKEN } from '@handcheck/server-kit/testing';
import {
  createGrpcClient,
  GrpcCallError,
  type GrpcClient,
} from '../../../packages/server-kit/src/grpc/grpc-client';
import { listenHybrid } from '../../../packages/server-kit/src/grpc/grpc-server';
import { createHttpAdapter } from '../../../packages/server-kit/src/http/bootstrap';

/** The credential both apps share, as every service of a deployment does. */
const CALLER = { internalToken: TEST_INTERNAL_GRPC_TOKEN };

type SpecialistInit = MessageInitShape<typeof ListActiveSpecialistsResponseSchema>['specialists'];
type ReportAnswer = MessageInitShape<typeof SendTestReportResponseSchema>;

const SPECIALISTS: SpecialistInit = [
  {
    id: '65f0c0ffee0000000000000a',
    name: 'Ms Ada Byron',
    specialtyNote: 'Wrist and thumb surgery',
    clinic: 'Harbour Hand Clinic',
    location: 'Bristol',
    url: 'https://clinic.example.org/byron',
    isActive: true,
  },
  // No specialty note: the optional field must arrive absent, not as ''.
  {
    id: '65f0c0ffee0000000000000b',
    name: 'Mr Ben Carter',
    clinic: 'Northside Orthopaedics',
    location: 'Leeds',
    url: 'https://ortho.example.org/carter',
    isActive: true,
  },
];

const STATS: MessageInitShape<typeof SendTestReportResponseSchema>['stats'] = {
  totalVisits: 1250,
  weekOverWeekGrowth: -12.5,
  previousWeekTotal: 1428,
  dailyBreakdown: [
    { date: '2026-03-02', visits: 170 },
    { date: '2026-03-03', visits: 0 },
  ],
  topPages: [{ page: '/conditions/trigger-finger', visits: 300 }],
  topReferrers: [{ referrer: 'https://www.google.com/', visits: 80 }],
};

/** recipient_email drives the fixture: `delay-<ms>@…` answers after that long. */
@Controller()
class FixtureController {
  @Get('ping')
  ping(): { ok: true } {
    return { ok: true };
  }

  @GrpcMethod('DirectoryService', 'ListActiveSpecialists')
  listActiveSpecialists(): MessageInitShape<typeof ListActiveSpecialistsResponseSchema> {
    return { specialists: SPECIALISTS };
  }

  // The short name fails over to the fully qualified one; both are accepted.
  @GrpcMethod('handcheck.report.v1.ReportService', 'SendTestReport')
  async sendTestReport(request: SendTestReportRequest): Promise<ReportAnswer> {
    const email = request.recipientEmail;
    const wait = /^delay-(\d+)@/.exec(email);
    // Unref'd: a handler cut off by its deadline must not keep Jest alive.
    if (wait) await delay(Number(wait[1]), undefined, { ref: false });
    if (email === 'stranger@example.com') {
      throw new RpcException({ code: status.PERMISSION_DENIED, message: 'not an admin' });
    }
    if (email === 'bad') throw new BadRequestException('recipient_email is not an email');
    if (email === 'crash@example.com') throw new Error('connect ECONNREFUSED 10.1.2.3:8123');
    if (email === 'first-week@example.com') {
      // No previous week: growth absent.
      return {
        emailId: 'mail-1',
        stats: { ...STATS, weekOverWeekGrowth: undefined, previousWeekTotal: 0 },
      };
    }
    return { emailId: `mail-for-${email}`, stats: STATS };
  }
}

@Module({ controllers: [FixtureController] })
class FixtureModule {}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startA(
  shutdownGraceMs?: number,
  grpcPort?: number,
): Promise<{ app: INestApplication; grpcAddress: string; httpUrl: string }> {
  const app = await NestFactory.create(FixtureModule, createHttpAdapter(), { logger: false });
  grpcPort ??= await freePort();
  await listenHybrid(
    app,
    { port: 0, host: '127.0.0.1' },
    {
      services: [DirectoryService, ReportService],
      port: grpcPort,
      host: '127.0.0.1',
      internalToken: TEST_INTERNAL_GRPC_TOKEN,
      shutdownGraceMs,
    },
  );
  const { port } = app.getHttpServer().address() as { port: number };
  return { app, grpcAddress: `127.0.0.1:${grpcPort}`, httpUrl: `http://127.0.0.1:${port}` };
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

describe('gRPC between two in-process apps', () => {
  let a: Awaited<ReturnType<typeof startA>>;
  let directory: GrpcClient<typeof DirectoryService>;
  let report: GrpcClient<typeof ReportService>;

  beforeAll(async () => {
    a = await startA();
    directory = createGrpcClient(DirectoryService, a.grpcAddress, { ...CALLER, deadlineMs: 2_000 });
    report = createGrpcClient(ReportService, a.grpcAddress, { ...CALLER, deadlineMs: 2_000 });
  });

  afterAll(async () => {
    directory?.close();
    report?.close();
    await a?.app.close();
  });

  it('serves HTTP and gRPC from the same app', async () => {
    const answer = await fetch(`${a.httpUrl}/ping`);
    expect(await answer.json()).toEqual({ ok: true });
  });

  it('round-trips the specialist list exactly, optional note present and absent', async () => {
    const response = await directory.listActiveSpecialists();
    expect(response).toStrictEqual(
      create(ListActiveSpecialistsResponseSchema, { specialists: SPECIALISTS }),
    );
    const [withNote, withoutNote] = response.specialists as [Specialist, Specialist];
    expect(withNote.specialtyNote).toBe('Wrist and thumb surgery');
    expect(withoutNote.specialtyNote).toBeUndefined();
    expect(withoutNote.location).toBe('Leeds');
  });

  it('round-trips the weekly stats under the spec names, growth present and absent', async () => {
    const response = await report.sendTestReport({ recipientEmail: 'admin@example.com' });
    expect(response).toStrictEqual(
      create(SendTestReportResponseSchema, { emailId: 'mail-for-admin@example.com', stats: STATS }),
    );
    const stats = response.stats as WeeklyStats;
    expect(stats.weekOverWeekGrowth).toBe(-12.5);
    expect(stats.dailyBreakdown.map((day) => [day.date, day.visits])).toEqual([
      ['2026-03-02', 170],
      ['2026-03-03', 0],
    ]);

    const firstWeek = await report.sendTestReport({ recipientEmail: 'first-week@example.com' });
    expect(firstWeek.stats?.weekOverWeekGrowth).toBeUndefined();
    expect(firstWeek.stats?.previousWeekTotal).toBe(0);
    expect(firstWeek.stats?.totalVisits).toBe(1250);
  });

  it('gives DEADLINE_EXCEEDED when the handler is slower than the deadline', async () => {
    const started = Date.now();
    const error = await failure(
      report.sendTestReport({ recipientEmail: 'delay-1500@example.com' }, { deadlineMs: 150 }),
    );
    expect(error.code).toBe(status.DEADLINE_EXCEEDED);
    expect(error.codeName).toBe('DEADLINE_EXCEEDED');
    expect(error.method).toBe('handcheck.report.v1.ReportService/SendTestReport');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("passes an RpcException's status and message through", async () => {
    const error = await failure(report.sendTestReport({ recipientEmail: 'stranger@example.com' }));
    expect(error.code).toBe(status.PERMISSION_DENIED);
    expect(error.details).toBe('not an admin');
  });

  it('maps an HttpException to the matching code', async () => {
    const error = await failure(report.sendTestReport({ recipientEmail: 'bad' }));
    expect(error.code).toBe(status.INVALID_ARGUMENT);
    expect(error.details).toBe('recipient_email is not an email');
  });

  it('answers INTERNAL with an error id, not the internals, for anything else', async () => {
    const error = await failure(report.sendTestReport({ recipientEmail: 'crash@example.com' }));
    expect(error.code).toBe(status.INTERNAL);
    expect(error.details).toMatch(/^Internal error \(error id [0-9a-f-]{36}\)$/);
  });

  it('gives UNAVAILABLE when no server listens', async () => {
    const nobody = createGrpcClient(DirectoryService, `127.0.0.1:${await freePort()}`, {
      ...CALLER,
      deadlineMs: 2_000,
    });
    try {
      const error = await failure(nobody.listActiveSpecialists({}));
      expect(error.code).toBe(status.UNAVAILABLE);
    } finally {
      nobody.close();
    }
  });

  it('offers unary methods only, typed from the descriptor', () => {
    expect(Object.keys(report).sort()).toEqual(['close', 'getDashboard', 'sendTestReport']);
    // @ts-expect-error the directory service has no such RPC
    expect(directory.sendTestReport).toBeUndefined();
    // Type-level only, never called.
    const wrongRequest = (): unknown =>
      // @ts-expect-error recipientEmail is a string
      report.sendTestReport({ recipientEmail: 42 });
    expect(wrongRequest).toBeInstanceOf(Function);
  });
});

describe('starting a hybrid app', () => {
  it('fails, HTTP never listening, when the gRPC port is taken', async () => {
    const a = await startA();
    const b = await NestFactory.create(FixtureModule, createHttpAdapter(), { logger: false });
    const grpcJsLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const taken = Number(a.grpcAddress.split(':')[1]);
      await expect(
        listenHybrid(
          b,
          { port: 0, host: '127.0.0.1' },
          {
            services: [DirectoryService],
            port: taken,
            host: '127.0.0.1',
            internalToken: TEST_INTERNAL_GRPC_TOKEN,
          },
        ),
      ).rejects.toThrow(`gRPC cannot listen on 127.0.0.1:${taken}: `);
      expect(b.getHttpServer().listening).toBe(false);
    } finally {
      grpcJsLog.mockRestore();
      await b.close();
      await a.app.close();
    }
  });
});

describe('closing a hybrid app', () => {
  it('lets a call in flight finish, then refuses new ones', async () => {
    const a = await startA(2_000);
    const report = createGrpcClient(ReportService, a.grpcAddress, { ...CALLER, deadlineMs: 3_000 });
    try {
      const inFlight = report.sendTestReport({ recipientEmail: 'delay-300@example.com' });
      await delay(100);
      await a.app.close();
      await expect(inFlight).resolves.toMatchObject({ emailId: 'mail-for-delay-300@example.com' });
      const error = await failure(report.sendTestReport({ recipientEmail: 'admin@example.com' }));
      expect(error.code).toBe(status.UNAVAILABLE);
    } finally {
      report.close();
    }
  });

  it('answers calls still running after the grace period with UNAVAILABLE', async () => {
    const a = await startA(200);
    const report = createGrpcClient(ReportService, a.grpcAddress, { ...CALLER, deadlineMs: 5_000 });
    try {
      const inFlight = failure(report.sendTestReport({ recipientEmail: 'delay-3000@example.com' }));
      await delay(100);
      const closing = Date.now();
      await a.app.close();
      expect(Date.now() - closing).toBeLessThan(1_500);
      const error = await inFlight;
      expect(error.details).toBe('server shutting down');
      expect(error.code).toBe(status.UNAVAILABLE);
    } finally {
      report.close();
    }
  });
});
