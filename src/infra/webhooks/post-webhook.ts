import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv6, type LookupFunction } from 'node:net';

export interface WebhookPost {
  url: URL;
  /** The address checked for this delivery: the connection goes there and nowhere else (no second DNS answer). */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

export interface WebhookResponse {
  statusCode: number | null;
  durationMs: number;
  /** Null for a 2xx; otherwise what went wrong, with the start of the response body as context. */
  error: string | null;
}

/** Of a response body, at most this much is read (and kept as the error's context); the rest is never read. */
export const RESPONSE_EXCERPT_BYTES = 1024;

const pinnedLookup =
  (address: string): LookupFunction =>
  (_hostname, options, callback) => {
    const family = isIPv6(address) ? 6 : 4;
    if ((options as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };

/** Reads at most RESPONSE_EXCERPT_BYTES of the body, then stops reading. */
const excerptOf = (response: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      response.destroy();
      resolve(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= RESPONSE_EXCERPT_BYTES) finish();
    });
    response.on('end', finish);
    response.on('error', finish);
  });

const failureOf = (statusCode: number, excerpt: string): string => {
  const what = statusCode >= 300 && statusCode < 400 ? `HTTP ${statusCode}: redirects are not followed` : `HTTP ${statusCode}`;
  const context = excerpt.replace(/\s+/g, ' ').trim();
  return context ? `${what}: ${context}` : what;
};

/**
 * POSTs one delivery: a 2xx within the time-out is success; anything else (another status, a
 * redirect, a time-out, a refused connection) is a failure with its reason. The whole exchange,
 * connection to the end of the excerpt, must fit in `timeoutMs`.
 */
export const postWebhook = (post: WebhookPost, now: () => number = () => performance.now()): Promise<WebhookResponse> =>
  new Promise((resolve) => {
    const started = now();
    let settled = false;
    const settle = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve({ statusCode, durationMs: Math.max(0, now() - started), error });
    };
    const send = post.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(post.url, {
      method: 'POST',
      headers: { ...post.headers, 'content-length': String(Buffer.byteLength(post.body)) },
      lookup: pinnedLookup(post.address),
      agent: false,
    });
    const timer = setTimeout(() => settle(null, `No answer within ${post.timeoutMs / 1000} s`), post.timeoutMs);
    request.on('response', (response) => {
      const statusCode = response.statusCode ?? 0;
      void excerptOf(response).then((excerpt) =>
        settle(statusCode, statusCode >= 200 && statusCode < 300 ? null : failureOf(statusCode, excerpt)),
      );
    });
    request.on('error', (error: NodeJS.ErrnoException) => settle(null, `Could not deliver: ${error.code ?? error.message}`));
    request.end(post.body);
  });
