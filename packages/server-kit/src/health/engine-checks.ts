import { type ClickHouseClient } from '@clickhouse/client';
import { type Admin } from 'kafkajs';
import { Socket } from 'node:net';

export async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkKafka(admin: Admin, timeoutMs = 2000): Promise<{ brokers: number }> {
  const cluster = await withTimeout(admin.describeCluster(), timeoutMs, 'Kafka');
  return { brokers: cluster.brokers.length };
}

export async function checkClickHouse(client: ClickHouseClient, timeoutMs = 2000): Promise<void> {
  const result = await withTimeout(client.ping(), timeoutMs, 'ClickHouse');
  if (!result.success) throw result.error;
}

/** An SMTP server is up when it greets us with 220 on connect. */
export function checkSmtp(host: string, port: number, timeoutMs = 2000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () =>
      fail(new Error(`SMTP did not answer within ${timeoutMs} ms`)),
    );
    socket.once('error', fail);
    socket.once('data', (data) => {
      const greeting = data.toString('utf8');
      socket.end('QUIT\r\n');
      socket.destroy();
      if (greeting.startsWith('220')) resolve();
      else reject(new Error(`Unexpected SMTP greeting: ${greeting.slice(0, 80)}`));
    });
    socket.connect(port, host);
  });
}
