// An open-loop load at a steady rate, for latency at a given request rate.
//
// autocannon's rate limit lets each connection send flat out until its share of
// the second is used up and then waits for the next second, so "2,000 requests/s"
// arrives as a burst at full speed every second and measures the burst. Here
// requests leave on an even schedule, and each latency is counted from when the
// request was due, not when it went out, so a slow server cannot hide its
// backlog (no coordinated omission).
//
// Like autocannon it writes prebuilt requests on raw keep-alive sockets: an
// HTTP client library cost three times the CPU, taken from the two cores the
// server under test shares with the load.
import { Socket } from 'node:net';
import { getPriority, setPriority } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * The scheduling priority (nice value) the load runs at when it may raise its own. Visitors'
 * browsers do not share the server's cores; this generator does, with Kafka, ClickHouse and
 * the services, and at equal priority the kernel left it waiting tens of milliseconds at a time
 * (its own stalls, counted from each request's due time as the server's latency). Raising it
 * takes the privilege to (root or CAP_SYS_NICE); without it the load runs as it is and says so.
 */
export const GENERATOR_PRIORITY = -10;

/** Runs `work` with this thread at GENERATOR_PRIORITY when allowed; the priority it ran at. */
async function atGeneratorPriority<T>(work: () => Promise<T>): Promise<[T, number]> {
  const before = getPriority();
  let priority = before;
  try {
    setPriority(GENERATOR_PRIORITY);
    priority = GENERATOR_PRIORITY;
  } catch {
    // Not permitted: measured at the priority it has.
  }
  try {
    return [await work(), priority];
  } finally {
    if (priority !== before) setPriority(before);
  }
}

export interface PacedOptions {
  origin: string;
  path: string;
  rate: number;
  seconds: number;
  connections: number;
  headers: Record<string, string>;
  /** Default POST. A GET sends no body. */
  method?: 'GET' | 'POST';
  body?: (index: number) => string;
  /** Headers of request `index` on top of `headers` (e.g. a visitor's X-Forwarded-For). */
  headersOf?: (index: number) => Record<string, string>;
  /** Source address of the connections (e.g. 127.0.0.2: a second local client). */
  localAddress?: string;
  /**
   * Requests a connection sends before it reconnects from the next address of 127.0.0.0/8
   * (loopbackAddress): under the per-client limit whatever the rate. Unset: one address.
   */
  perAddress?: number;
}

/** 127.1.0.1, 127.1.0.2, …: every address of 127.0.0.0/8 is a local one (Linux routes them all to lo). */
export function loopbackAddress(n: number): string {
  const host = n + 1;
  return `127.${1 + Math.floor(host / 65_536)}.${Math.floor(host / 256) % 256}.${host % 256 || 1}`;
}

export interface PacedResult {
  sent: number;
  statuses: Record<string, number>;
  errors: number;
  achievedRate: number;
  p50: number;
  p99: number;
  max: number;
  /** The load generator's own worst event-loop stall: requests due then left late. */
  generatorStallMs: number;
  /** The generator's nice value while it ran (GENERATOR_PRIORITY when it could raise it). */
  generatorPriority: number;
}

/** The p-th percentile of latencies sorted ascending. */
export const percentileOf = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** One keep-alive connection answering one request at a time. */
export class Connection {
  private buffered: Buffer = Buffer.alloc(0);
  private due = 0;
  busy = false;

  constructor(
    private readonly socket: Socket,
    private readonly done: (connection: Connection, status: number, due: number) => void,
    private readonly failed: (error: Error) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    socket.on('error', failed);
  }

  send(request: Buffer, due: number): void {
    this.busy = true;
    this.due = due;
    this.socket.write(request);
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = this.buffered.indexOf('\r\n\r\n');
    if (headEnd < 0) return;
    const head = this.buffered.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.failed(new Error('The server answered without a Content-Length.'));
      return;
    }
    const end = headEnd + 4 + Number(length[1]);
    if (this.buffered.length < end) return;
    this.buffered = this.buffered.subarray(end);
    this.busy = false;
    this.done(this, Number(head.slice(9, 12)), this.due);
  }
}

export async function pacedLoad(options: PacedOptions): Promise<PacedResult> {
  const [result, generatorPriority] = await atGeneratorPriority(() => paced(options));
  return { ...result, generatorPriority };
}

async function paced(options: PacedOptions): Promise<Omit<PacedResult, 'generatorPriority'>> {
  const url = new URL(options.origin);
  const port = Number(url.port || 80);
  const headLines = (headers: Record<string, string>) =>
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
  const shared = headLines({ host: url.host, connection: 'keep-alive', ...options.headers });
  const total = Math.round(options.rate * options.seconds);
  const requests = Array.from({ length: total }, (_, i) => {
    const head = shared + headLines(options.headersOf?.(i) ?? {});
    if (options.method === 'GET') return Buffer.from(`GET ${options.path} HTTP/1.1\r\n${head}\r\n`);
    const body = Buffer.from(options.body?.(i) ?? '');
    return Buffer.concat([
      Buffer.from(`POST ${options.path} HTTP/1.1\r\n${head}content-length: ${body.length}\r\n\r\n`),
      body,
    ]);
  });

  const intervalMs = 1000 / options.rate;
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const waiting: number[] = [];
  let errors = 0;
  let sent = 0;
  let next = 0;
  let started = 0;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const connections: Connection[] = [];
  const answered = new Map<Connection, number>();
  let addresses = 0;
  const open = () =>
    new Promise<Connection>((resolve, reject) => {
      const socket = new Socket();
      socket.once('error', reject);
      const localAddress = options.perAddress ? loopbackAddress(addresses++) : options.localAddress;
      socket.connect({ port, host: url.hostname, localAddress }, () => {
        resolve(new Connection(socket, onDone, onError));
      });
    });
  /** A connection that has sent its share from one address gives its place to a new one. */
  const replace = (connection: Connection) => {
    connections.splice(connections.indexOf(connection), 1);
    connection.close();
    open().then(
      (fresh) => {
        connections.push(fresh);
        dispatch(fresh);
      },
      () => undefined,
    );
  };
  const dispatch = (connection: Connection) => {
    const index = waiting.shift();
    if (index !== undefined) connection.send(requests[index]!, started + index * intervalMs);
  };
  const onDone = (connection: Connection, status: number, due: number) => {
    latencies.push(performance.now() - due);
    statuses[status] = (statuses[status] ?? 0) + 1;
    const count = (answered.get(connection) ?? 0) + 1;
    answered.set(connection, count);
    if (latencies.length + errors >= total) finish();
    else if (options.perAddress && count >= options.perAddress) replace(connection);
    else dispatch(connection);
  };
  const onError = () => {
    errors += 1;
    if (latencies.length + errors >= total) finish();
  };
  connections.push(...(await Promise.all(Array.from({ length: options.connections }, open))));

  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  started = performance.now();
  await new Promise<void>((resolve) => {
    const tick = () => {
      const dueNow = Math.min(total, Math.floor((performance.now() - started) / intervalMs) + 1);
      while (sent < dueNow) waiting.push(sent++);
      // Round robin, so every connection stays in use: one left idle past the
      // server's keep-alive timeout would be closed and strand its next request.
      for (let i = 0; i < connections.length && waiting.length > 0; i++) {
        // (A connection being replaced is out of the list until its successor is connected.)
        const connection = connections[(next + i) % connections.length]!;
        if (!connection.busy) dispatch(connection);
      }
      next = (next + 1) % Math.max(1, connections.length);
      if (sent < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  // A broken connection strands its request; count what never came back.
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  stalls.disable();
  errors = total - latencies.length;
  const elapsed = (performance.now() - started) / 1000;
  for (const connection of connections) connection.close();
  latencies.sort((a, b) => a - b);
  return {
    sent,
    statuses,
    errors,
    achievedRate: latencies.length / elapsed,
    p50: percentileOf(latencies, 50),
    p99: percentileOf(latencies, 99),
    max: latencies.at(-1) ?? 0,
    generatorStallMs: stalls.max / 1e6,
  };
}
