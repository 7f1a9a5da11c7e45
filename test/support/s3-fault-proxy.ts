import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';

export interface S3FaultCounts {
  /** Requests answered with an injected 5xx. */
  failed: number;
  /** Requests accepted and never answered. */
  held: number;
  /** Requests passed on to the S3 server. */
  forwarded: number;
}

export interface S3FaultProxy {
  /** `http://127.0.0.1:PORT`, for S3_ENDPOINT in place of the S3 server's. */
  endpoint: string;
  /**
   * A flaky store: the first try of each request (method and path) answers the next of `statuses` in
   * turn, and its retry goes through. Once per request, not more: the S3 client's retry budget is
   * made for a few failures, and spends itself (by design) when most requests fail.
   */
  flaky(statuses: readonly number[]): void;
  /** An outage: every request answers `status` until `restore()`. */
  fail(status?: number): void;
  /** A stalled store or a silent network: every request is read and never answered until `restore()`, which drops the held ones. */
  hold(): void;
  /** Forwards every request again. */
  restore(): void;
  counts(): S3FaultCounts;
  close(): Promise<void>;
}

/** S3's error codes for the statuses a fault answers; the SDK reads the code from the XML body. */
const S3_CODES: Record<number, string> = { 500: 'InternalError', 502: 'BadGateway', 503: 'ServiceUnavailable', 504: 'GatewayTimeout' };

type Mode = { kind: 'forward' } | { kind: 'flaky'; statuses: readonly number[] } | { kind: 'fail'; status: number } | { kind: 'hold' };

/**
 * An HTTP proxy in front of a real S3 server that answers what a failing S3 does: 5xx with S3's error
 * body (after reading the request, as S3 does), or nothing at all. The TCP proxy cuts connections;
 * this one fails requests, which is what an S3 client retries.
 */
export const startS3FaultProxy = async (target: string): Promise<S3FaultProxy> => {
  const upstream = new URL(target);
  let mode: Mode = { kind: 'forward' };
  const tried = new Set<string>();
  const heldResponses = new Set<ServerResponse>();
  const counts: S3FaultCounts = { failed: 0, held: 0, forwarded: 0 };

  const answerFault = (req: IncomingMessage, res: ServerResponse, status: number) => {
    counts.failed++;
    req.resume();
    req.once('end', () => {
      const code = S3_CODES[status] ?? 'InternalError';
      res.writeHead(status, { 'content-type': 'application/xml', 'x-amz-request-id': 'fault' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>Injected fault</Message></Error>`);
    });
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    counts.forwarded++;
    const proxied = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => res.destroy());
    req.pipe(proxied);
  };

  const server = createServer((req, res) => {
    switch (mode.kind) {
      case 'forward':
        return forward(req, res);
      case 'fail':
        return answerFault(req, res, mode.status);
      case 'hold':
        counts.held++;
        req.resume();
        heldResponses.add(res);
        res.once('close', () => heldResponses.delete(res));
        return;
      case 'flaky': {
        const key = `${req.method} ${req.url}`;
        if (tried.has(key)) return forward(req, res);
        tried.add(key);
        return answerFault(req, res, mode.statuses[counts.failed % mode.statuses.length]!);
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const dropHeld = () => {
    for (const res of heldResponses) res.destroy();
    heldResponses.clear();
  };

  return {
    endpoint: `http://127.0.0.1:${port}`,
    flaky: (statuses) => {
      tried.clear();
      mode = { kind: 'flaky', statuses };
    },
    fail: (status = 503) => {
      mode = { kind: 'fail', status };
    },
    hold: () => {
      mode = { kind: 'hold' };
    },
    restore: () => {
      mode = { kind: 'forward' };
      dropHeld();
    },
    counts: () => ({ ...counts }),
    close: async () => {
      dropHeld();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
