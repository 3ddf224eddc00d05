// bench:intake's third yardstick: bare Node's server (bare-intake-server.mjs) that also hands
// each request to Kafka as the gateway hands its events: one message a request, keyed by its
// first event's session, through a BatchingProducer with the gateway's settings (joined per
// partition) and kafkajs as the gateway creates it, to a topic of the bench's own
// (BENCH_TOPIC, BENCH_PARTITIONS, at BENCH_BROKERS); it answers 202 once the message is taken, as the gateway does. The message is
// the body as it came, not the gateway's protobuf. Run as a child of the bench (tsx).
import { createServer } from 'node:http';
import { BatchingProducer } from '@handcheck/server-kit';
import { createKafka, createProducer } from '@handcheck/server-kit/testing';
import { GatewayEnv } from '../../services/gateway/src/config/gateway.env';
import { analyticsBatching } from '../../services/gateway/src/events/analytics-producer.service';

const topic = process.env.BENCH_TOPIC!;
const partitions = Number(process.env.BENCH_PARTITIONS);
const brokers = process.env.BENCH_BROKERS!.split(',');
const env = new GatewayEnv();
const send = (message: unknown) => process.send!(message);

async function main(): Promise<void> {
  const kafka = createKafka({ clientId: 'bench-bare-kafka', brokers });
  const producer = createProducer(kafka);
  await producer.connect();
  const batching = new BatchingProducer(
    producer,
    analyticsBatching(env, () => partitions),
  );
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const value = Buffer.concat(chunks);
      let events: { sessionId: string }[];
      try {
        events = (JSON.parse(value.toString('utf8')) as { events: { sessionId: string }[] }).events;
      } catch {
        response.writeHead(400).end();
        return;
      }
      try {
        batching.send(topic, [{ key: events[0]?.sessionId ?? '', value }], events.length);
      } catch {
        response.writeHead(503).end();
        return;
      }
      const body = JSON.stringify({ accepted: events.length });
      response.writeHead(202, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    send({ port: typeof address === 'object' && address ? address.port : 0 });
  });
  process.on('message', (message) => {
    if (message === 'cpu') send({ cpu: process.cpuUsage() });
    // What is still held goes nowhere: the topic is the bench's, deleted after.
    if (message === 'stop') process.exit(0);
  });
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
