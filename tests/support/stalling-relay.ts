import { type Server, type Socket, createServer } from 'node:net';

export interface StallingRelay {
  server: Server;
  /** Resolves once a client has sent DATA (and is now stuck waiting); fails after timeoutMs. */
  reachedData: (timeoutMs?: number) => Promise<void>;
  port: () => number;
  close: () => Promise<void>;
}

/**
 * An SMTP relay that greets, takes the envelope, and then never answers DATA: a
 * mail run that reaches it is stuck mid-send, holding whatever it claimed, until killed.
 */
export async function stallingRelay(): Promise<StallingRelay> {
  const sockets = new Set<Socket>();
  let reached!: () => void;
  const sawData = new Promise<void>((resolve) => (reached = resolve));
  const server = createServer((socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.write('220 stalling.test ESMTP\r\n');
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\r\n')) !== -1) {
        const line = buffered.slice(0, end).toUpperCase();
        buffered = buffered.slice(end + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO'))
          socket.write('250 stalling.test\r\n');
        else if (line.startsWith('MAIL') || line.startsWith('RCPT')) socket.write('250 OK\r\n');
        else if (line.startsWith('QUIT')) socket.end('221 Bye\r\n');
        else if (line.startsWith('DATA')) reached();
        else if (line.startsWith('RSET') || line.startsWith('NOOP')) socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    reachedData: async (timeoutMs = 60_000) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('no mail reached DATA')), timeoutMs);
      });
      await Promise.race([sawData, late]).finally(() => clearTimeout(timer));
    },
    port: () => (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
