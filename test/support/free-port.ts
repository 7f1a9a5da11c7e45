import { createServer } from 'node:net';

/** A port free now on 127.0.0.1, for a server whose PUBLIC_URL must name it before it starts (passkeys' relying party, an identity provider's redirect). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
