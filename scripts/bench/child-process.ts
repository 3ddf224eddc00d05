import { type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** A loopback port nothing listens on now, for a service a bench starts. */
export async function sparePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** SIGTERM, then SIGKILL after 20 s: a service's own graceful stop, bounded. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** The child's next message that carries `key`, after sending it `message` when there is one. */
export function askChild<T>(child: ChildProcess, key: string, message?: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const on = (answer: Record<string, T>) => {
      if (key in answer) {
        child.off('message', on);
        resolve(answer[key]!);
      }
    };
    child.on('message', on);
    if (message) child.send(message);
  });
}

/** CPU seconds, in user code and in the kernel (for a server: mostly its sockets' sends). */
export interface CpuSeconds {
  user: number;
  system: number;
}

/** The CPU a bench's server child has used: it answers 'cpu' with its process.cpuUsage(). */
export async function childCpu(child: ChildProcess): Promise<CpuSeconds> {
  const usage = await askChild<NodeJS.CpuUsage>(child, 'cpu', 'cpu');
  return { user: usage.user / 1e6, system: usage.system / 1e6 };
}

/** The CPU a bench's server child has used, in seconds, user and kernel together. */
export async function childCpuSeconds(child: ChildProcess): Promise<number> {
  const { user, system } = await childCpu(child);
  return user + system;
}

/** A running service's CPU so far, from its own process_cpu_{user,system}_seconds_total. */
export async function metricsCpu(metricsUrl: string): Promise<CpuSeconds> {
  const text = await (await fetch(metricsUrl)).text();
  const read = (name: string) => {
    const line = new RegExp(`^${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, 'm').exec(text);
    if (!line) throw new Error(`${metricsUrl} has no ${name}`);
    return Number(line[1]);
  };
  return {
    user: read('process_cpu_user_seconds_total'),
    system: read('process_cpu_system_seconds_total'),
  };
}
