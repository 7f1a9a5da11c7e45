import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as signed. */
  raw: string;
  /** When it arrived, by the clock given to the receiver (the server's test clock), else real time. */
  receivedAt: Date;
  body: { id: string; type: string; created_at: string; data: Record<string, any> };
}

/** How the receiver answers the n-th request (0-based) on a path; it may also never answer. */
export type Answer = (response: ServerResponse, index: number) => void;

export const answerWith =
  (status: number, body = ''): Answer =>
  (response) => {
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(body);
  };

export interface WebhookReceiver {
  url: string;
  /** What arrived on a path, in order. */
  received(path: string): ReceivedDelivery[];
  /** How a path answers from now on (default 200). */
  answer(path: string, answer: Answer): void;
  close(): Promise<void>;
}

/** A real HTTP endpoint on 127.0.0.1 that records every delivery, each test on its own path. */
export const startWebhookReceiver = async (clock: { now(): Date } = { now: () => new Date() }): Promise<WebhookReceiver> => {
  const received = new Map<string, ReceivedDelivery[]>();
  const answers = new Map<string, Answer>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const raw = Buffer.concat(chunks).toString('utf8');
      const list = received.get(path) ?? [];
      list.push({ path, headers: request.headers, raw, receivedAt: clock.now(), body: JSON.parse(raw) as ReceivedDelivery['body'] });
      received.set(path, list);
      (answers.get(path) ?? answerWith(200, 'ok'))(response, list.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received: (path) => received.get(path) ?? [],
    answer: (path, answer) => answers.set(path, answer),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const parsedSignature = (delivery: ReceivedDelivery) => {
  const header = String(delivery.headers['countersign-signature'] ?? '');
  const parts = header.split(',').map((part) => part.split('=') as [string, string]);
  const t = parts.find(([key]) => key === 't')?.[1];
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => Buffer.from(value, 'hex'));
  const madeWith = (secret: string, signature: Buffer) => {
    const expected = createHmac('sha256', secret).update(`${t}.${delivery.raw}`).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  };
  return { signatures, madeWith };
};

/**
 * Checks `Countersign-Signature: t=<unix>,v1=<hex>[,v1=<hex>]` the way docs/api/webhooks.md tells
 * integrators to, with node:crypto only: which of the given secrets one of the `v1=` entries verifies.
 */
export const secretsThatVerify = (delivery: ReceivedDelivery, secrets: readonly string[]): string[] => {
  const { signatures, madeWith } = parsedSignature(delivery);
  return secrets.filter((secret) => signatures.some((signature) => madeWith(secret, signature)));
};

/** Which of the given secrets made each `v1=` entry, in the header's order (undefined for an entry none of them made). */
export const secretsInSignatureOrder = (delivery: ReceivedDelivery, secrets: readonly string[]): (string | undefined)[] => {
  const { signatures, madeWith } = parsedSignature(delivery);
  return signatures.map((signature) => secrets.find((secret) => madeWith(secret, signature)));
};

/** The number of `v1=` entries of a delivery's signature header. */
export const signatureCount = (delivery: ReceivedDelivery): number =>
  String(delivery.headers['countersign-signature'] ?? '')
    .split(',')
    .filter((part) => part.startsWith('v1=')).length;
