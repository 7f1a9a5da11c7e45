import { connect, createServer, type Server, type Socket } from 'node:net';

/** What a cut does to connections made while it lasts. */
export type CutMode =
  /** Accepted and never answered, as across a network partition: a client waits until its own timeout. */
  | 'hold'
  /** Refused (nothing listens on the port), as when the server process is down: ECONNREFUSED at once. */
  | 'refuse';

export interface TcpProxy {
  host: string;
  port: number;
  /** Breaks the link: every open connection is reset, and new ones are held or refused until `restore()`. */
  cut(mode?: CutMode): Promise<void>;
  /** Forwards new connections again (held ones are dropped: their clients gave up on them). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

const listen = (server: Server, port: number, host: string): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis, SMTP, S3) that a fault test can cut
 * off and restore: what the service sees when that server or the network to it goes away.
 */
export const startTcpProxy = async (target: { host: string; port: number }, host = '127.0.0.1'): Promise<TcpProxy> => {
  const forwarded = new Set<Socket>();
  const held = new Set<Socket>();
  let mode: CutMode | undefined;

  const track = (set: Set<Socket>, socket: Socket) => {
    set.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => set.delete(socket));
  };

  const server = createServer((client) => {
    if (mode) return track(held, client);
    const upstream = connect(target.port, target.host);
    track(forwarded, client);
    track(forwarded, upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('close', end);
    upstream.once('close', end);
  });
  await listen(server, 0, host);
  const { port } = server.address() as { port: number };

  const dropAll = (set: Set<Socket>) => {
    for (const socket of set) socket.resetAndDestroy();
    set.clear();
  };

  return {
    host,
    port,
    cut: async (cutMode = 'hold') => {
      mode = cutMode;
      if (cutMode === 'refuse') server.close();
      dropAll(forwarded);
    },
    restore: async () => {
      if (mode === 'refuse') await listen(server, port, host);
      mode = undefined;
      dropAll(held);
    },
    close: async () => {
      dropAll(forwarded);
      dropAll(held);
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
