import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestTsa } from '../unit/pdf/tsa-server.js';

/**
 * A time-stamp authority a test can break and mend, in front of the real test TSA (openssl):
 * healthy, it forwards each request; failing, it answers 500; holding, it keeps each request
 * waiting until it is mended. Sealing with `TSA_URL` pointing here fails for real, in the PDF
 * worker, exactly as during an outage.
 */
export interface SwitchableTsa {
  url: string;
  fail(): void;
  /** Keeps requests waiting (a seal in progress) until `heal`. */
  hold(): void;
  /** Forwards again, held requests included. */
  heal(): void;
  /** Requests answered 500 so far. */
  refused(): number;
  close(): Promise<void>;
}

type Mode = 'healthy' | 'failing' | 'holding';

const readBody = async (request: AsyncIterable<Buffer>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks);
};

export const startSwitchableTsa = async (): Promise<SwitchableTsa> => {
  const tsa = await startTestTsa();
  let mode: Mode = 'healthy';
  let refused = 0;
  let held: (() => void)[] = [];
  const forward = async (body: Buffer): Promise<{ status: number; type: string; reply: Buffer }> => {
    const upstream = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: new Uint8Array(body),
    });
    return {
      status: upstream.status,
      type: upstream.headers.get('content-type') ?? 'application/octet-stream',
      reply: Buffer.from(await upstream.arrayBuffer()),
    };
  };
  const server: Server = createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        if (mode === 'holding') await new Promise<void>((release) => held.push(release));
        if (mode === 'failing') {
          refused += 1;
          response.writeHead(500, { 'content-type': 'text/plain' }).end('time-stamping unavailable');
          return;
        }
        const { status, type, reply } = await forward(body);
        response.writeHead(status, { 'content-type': type }).end(reply);
      })
      .catch((error: Error) => response.writeHead(502).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/tsr`,
    fail: () => {
      mode = 'failing';
    },
    hold: () => {
      mode = 'holding';
    },
    heal: () => {
      mode = 'healthy';
      for (const release of held) release();
      held = [];
    },
    refused: () => refused,
    close: async () => {
      mode = 'healthy';
      for (const release of held) release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await tsa.close();
    },
  };
};
