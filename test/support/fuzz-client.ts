import { request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent byte for byte as the request target: malformed %-encodings and over-long segments included. */
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export class RequestHung extends Error {}

/**
 * One request over `node:http`, which (unlike fetch) leaves the path as written, lets any header
 * through and reports a request the server never answers as `RequestHung` after `timeoutMs`.
 */
export const sendRaw = (baseUrl: string, raw: RawRequest, timeoutMs: number): Promise<RawResponse> => {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method: raw.method,
        path: raw.path,
        headers: { ...raw.headers, ...(raw.body ? { 'content-length': String(raw.body.byteLength) } : {}) },
        // A fresh connection per request: one hostile request cannot leave a shared socket in a state that blames the next.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new RequestHung(`${raw.method} ${raw.path.slice(0, 200)} was not answered within ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(raw.body ? Buffer.from(raw.body.buffer, raw.body.byteOffset, raw.body.byteLength) : undefined);
  });
};

/** A short, printable account of a request for a failure message (bodies and paths cut to a readable length). */
export const describeRequest = (raw: RawRequest): string => {
  const body = raw.body ? Buffer.from(raw.body).toString('latin1') : '';
  return JSON.stringify({
    method: raw.method,
    path: raw.path.length > 300 ? `${raw.path.slice(0, 300)}…(${raw.path.length} chars)` : raw.path,
    headers: Object.fromEntries(Object.entries(raw.headers).map(([k, v]) => [k, v.length > 200 ? `${v.slice(0, 200)}…(${v.length})` : v])),
    body: body.length > 500 ? `${body.slice(0, 500)}…(${body.length} bytes)` : body,
  });
};
