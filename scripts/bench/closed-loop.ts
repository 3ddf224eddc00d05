// A closed-loop load from many local client addresses, for throughput: each lane sends its next
// request as soon as the last is answered, and after `perAddress` requests reconnects from the
// next address of 127.0.0.0/8. Spread this way no address comes near the gateway's per-client
// limit (EVENTS_BURST), so what is measured is the intake, not the limit; a 429 would mean an
// address went past its share. Requests are prebuilt Buffers written on raw sockets, as in
// paced-load.ts, so the generator's CPU stays small beside the server's.
import { Socket } from 'node:net';
import { Connection, loopbackAddress, percentileOf } from './paced-load';

export { percentileOf };

export interface ClosedLoopOptions {
  origin: string;
  /** Concurrent connections (lanes). */
  connections: number;
  /** Requests a lane sends from one address before it moves to the next. */
  perAddress: number;
  /** Stops after this many requests or `seconds`, whichever comes first. */
  requests: number;
  seconds: number;
  request: (index: number) => Buffer;
}

export interface ClosedLoopResult {
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  seconds: number;
  addresses: number;
  /** Sorted latencies in ms, send to answer. */
  latencies: number[];
}

/** A POST of a JSON body, written once. */
export function postRequest(origin: string, path: string, body: string, userAgent: string): Buffer {
  const { host } = new URL(origin);
  const bytes = Buffer.from(body);
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nhost: ${host}\r\nconnection: keep-alive\r\ncontent-type: application/json\r\nuser-agent: ${userAgent}\r\ncontent-length: ${bytes.length}\r\n\r\n`,
    ),
    bytes,
  ]);
}

export async function closedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const url = new URL(options.origin);
  const port = Number(url.port || 80);
  const statuses: Record<string, number> = {};
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let addresses = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const more = () => sent < options.requests && performance.now() < deadline;

  const connect = (localAddress: string) =>
    new Promise<Socket>((resolve, reject) => {
      const socket = new Socket();
      socket.once('error', reject);
      socket.connect({ port, host: url.hostname, localAddress }, () => {
        socket.off('error', reject);
        resolve(socket);
      });
    });

  const lane = async (): Promise<void> => {
    while (more()) {
      const address = loopbackAddress(addresses++);
      let socket: Socket;
      try {
        socket = await connect(address);
      } catch {
        errors += 1;
        continue;
      }
      await new Promise<void>((resolve) => {
        let fromHere = 0;
        let sentAt = 0;
        const next = (connection: Connection) => {
          if (fromHere >= options.perAddress || !more()) {
            connection.close();
            resolve();
            return;
          }
          fromHere += 1;
          sentAt = performance.now();
          connection.send(options.request(sent++), sentAt);
        };
        const connection = new Connection(
          socket,
          (done, status) => {
            latencies.push(performance.now() - sentAt);
            statuses[status] = (statuses[status] ?? 0) + 1;
            next(done);
          },
          () => connection.close(),
        );
        // A server that closes the connection (a timeout, a refusal) ends this address early.
        socket.once('close', () => {
          if (connection.busy) errors += 1;
          resolve();
        });
        next(connection);
      });
    }
  };

  await Promise.all(Array.from({ length: options.connections }, lane));
  latencies.sort((a, b) => a - b);
  return {
    sent,
    statuses,
    errors,
    seconds: (performance.now() - started) / 1000,
    addresses,
    latencies,
  };
}
