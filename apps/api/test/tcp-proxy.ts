import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every open connection and refuses new ones, as a network outage would. */
  cut(): void;
  restore(): void;
  /**
   * Keeps every connection open but passes no byte either way, and accepts new connections without
   * answering, as a server whose processes are stopped (SIGSTOP) would; `thaw` delivers what was held.
   */
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

/** A TCP proxy to a local port that a test can cut, freeze and restore: a real outage, no mocks. */
export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  let open = true;
  let frozen = false;
  const held: Array<() => void> = [];
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      if (frozen) held.push(() => to.write(chunk));
      else to.write(chunk);
    });
    from.on('end', () => {
      if (frozen) held.push(() => to.end());
      else to.end();
    });
  };
  const server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = createConnection({ port: targetPort, host: targetHost });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');
  const dropAll = () => {
    held.length = 0;
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: address.port,
    cut() {
      open = false;
      dropAll();
    },
    restore() {
      open = true;
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close() {
      open = false;
      frozen = false;
      dropAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
