// npm run bench:route-cost [-- --seconds 8 --connections 32 --rounds 3]
//
// What a Nest controller costs beside a plain Fastify route (the 10% rule of
// docs/performance.md): one Nest app on the gateway's HTTP stack (server-kit's adapter and
// defaults: hooks, body parser, metrics, exception filter, validation pipe, request logs off for
// both routes as the gateway's intake has them) serves the same work twice, a 10-event batch
// checked by the contract (parseEventBatch) and answered 202 {accepted}: once from a
// controller, once from a plain route with a response schema. The server runs in a child
// process (its CPU apart from the load's); the load is closed-loop from many loopback
// addresses (closed-loop.ts), the two routes alternating for --rounds rounds. Prints each
// route's median throughput and CPU per request, and the controller's cost in per cent.
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  Module,
  Post,
  RequestMethod,
} from '@nestjs/common';
import { parseEventBatch } from '@handcheck/contracts';
import {
  CommonEnv,
  EnvModule,
  MetricsModule,
  createHttpService,
  createLoggerModule,
} from '@handcheck/server-kit';
import { commandOptions } from '../analytics/env';
import { askChild, childCpuSeconds } from './child-process';
import { closedLoop, postRequest } from './closed-loop';

const NEST_PATH = '/api/bench/nest';
const PLAIN_PATH = '/api/bench/plain';

function accept(body: unknown): { accepted: number } {
  const parsed = parseEventBatch(body);
  if (!parsed.ok) throw new BadRequestException(parsed.problems);
  return { accepted: (body as { events: unknown[] }).events.length };
}

/** CommonEnv's settings and defaults (server-kit's EnvModule provides CommonEnv as an alias of it). */
class BenchEnv extends CommonEnv {}

@Controller('bench')
class NestIntake {
  @Post('nest')
  @HttpCode(202)
  take(@Body() body: unknown): { accepted: number } {
    return accept(body);
  }
}

@Module({
  imports: [
    EnvModule.forRoot('bench', BenchEnv),
    createLoggerModule('bench', BenchEnv, [
      { path: 'bench/nest', method: RequestMethod.POST },
      { path: 'bench/plain', method: RequestMethod.POST },
    ]),
    MetricsModule.forRoot(),
  ],
  controllers: [NestIntake],
})
class BenchModule {}

async function serve(): Promise<void> {
  const app = await createHttpService(BenchModule, {
    bodyLimit: '64kb',
    configure: (nest) => {
      nest.setGlobalPrefix('api');
      nest
        .getHttpAdapter()
        .getInstance()
        .post(
          PLAIN_PATH,
          {
            schema: {
              response: {
                202: {
                  type: 'object',
                  properties: { accepted: { type: 'integer' } },
                  required: ['accepted'],
                },
              },
            },
          },
          (request, reply) => {
            void reply.code(202).send(accept(request.body));
          },
        );
    },
  });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as { port: number };
  process.send?.({ port });
  process.on('message', (message) => {
    if (message === 'cpu') process.send?.({ cpu: process.cpuUsage() });
  });
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(): Promise<void> {
  const { seconds, connections, rounds } = commandOptions({
    seconds: 8,
    connections: 32,
    rounds: 3,
  });
  const [one, five, fifteen] = loadavg();
  console.log(`load average before: ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)}`);
  const child = fork(__filename, ['serve'], {
    execArgv: process.execArgv,
    stdio: 'inherit',
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'error' },
  });
  const port = await askChild<number>(child, 'port');
  const origin = `http://127.0.0.1:${port}`;
  const cpu = () => childCpuSeconds(child);
  const session = `bench-route-${randomUUID().slice(0, 8)}`;
  const now = Date.now();
  const bodies = Array.from({ length: 1024 }, () =>
    JSON.stringify({
      events: Array.from({ length: 10 }, () => ({
        type: 'page_view',
        id: randomUUID(),
        sessionId: session,
        at: now,
        path: '/',
      })),
    }),
  );
  const run = async (path: string, forSeconds: number) => {
    const requests = bodies.map((body) => postRequest(origin, path, body, 'HandCheckBench/1.0'));
    const before = await cpu();
    const result = await closedLoop({
      origin,
      connections,
      perAddress: 1000,
      requests: Number.MAX_SAFE_INTEGER,
      seconds: forSeconds,
      request: (i) => requests[i % requests.length]!,
    });
    const used = (await cpu()) - before;
    const ok = result.statuses['202'] ?? 0;
    if (ok !== result.latencies.length)
      throw new Error(`${path}: ${JSON.stringify(result.statuses)}`);
    return { rate: ok / result.seconds, cpuPerRequestUs: (used / ok) * 1e6 };
  };
  await run(NEST_PATH, 2);
  await run(PLAIN_PATH, 2);
  const nest: Array<{ rate: number; cpuPerRequestUs: number }> = [];
  const plain: typeof nest = [];
  for (let round = 0; round < rounds; round++) {
    nest.push(await run(NEST_PATH, seconds));
    plain.push(await run(PLAIN_PATH, seconds));
  }
  child.kill();
  const line = (name: string, runs: typeof nest) =>
    `  ${name.padEnd(20)} ${Math.round(median(runs.map((r) => r.rate)))} requests/s, ${Math.round(median(runs.map((r) => r.cpuPerRequestUs)))} µs CPU per request (median of ${runs.length})`;
  console.log('\nbench:route-cost (10-event batches, the same work on both routes)');
  console.log(line('Nest controller', nest));
  console.log(line('plain Fastify route', plain));
  const throughputCost = 1 - median(nest.map((r) => r.rate)) / median(plain.map((r) => r.rate));
  const cpuCost =
    median(nest.map((r) => r.cpuPerRequestUs)) / median(plain.map((r) => r.cpuPerRequestUs)) - 1;
  console.log(
    `  controller's cost    ${(throughputCost * 100).toFixed(1)} % of the throughput, ${(cpuCost * 100).toFixed(1)} % more CPU per request`,
  );
}

(process.argv[2] === 'serve' ? serve() : measure()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
