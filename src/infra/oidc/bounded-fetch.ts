import type { CustomFetch } from 'openid-client';
import { webhookAddressVerdict } from '../../domain/webhook-address.js';
import { resolveHost } from '../webhooks/resolve-host.js';

export interface FetchBounds {
  allowPrivate: boolean;
  timeoutMs: number;
  maxBytes: number;
}

/** Why the server may not call this URL, or undefined when it may: the webhooks' address rules, with SSO_ALLOW_PRIVATE. */
export const providerAddressProblem = async (url: URL, allowPrivate: boolean): Promise<string | undefined> => {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return `${url.origin} is not https`;
  const addresses = await resolveHost(url.hostname);
  if (!addresses.length) return `the host ${url.hostname} does not resolve`;
  for (const address of addresses) {
    const verdict = webhookAddressVerdict(address, allowPrivate);
    if (verdict === 'metadata') return `${url.hostname} resolves to ${address}, a cloud metadata address`;
    if (verdict !== 'allowed')
      return `${url.hostname} resolves to ${address}, which is not a public address (SSO_ALLOW_PRIVATE=true allows it)`;
  }
  return undefined;
};

/** The body up to `maxBytes`; past that, an error rather than the rest. */
const boundedBody = async (response: Response, maxBytes: number): Promise<ArrayBuffer> => {
  if (!response.body) return new ArrayBuffer(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the provider's answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(read.value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body.buffer;
};

/**
 * openid-client's every request to a provider (discovery, JWKS, token): to an allowed address,
 * without following redirects, within a time and a size, whatever the provider sends.
 */
export const boundedFetch =
  (bounds: FetchBounds): CustomFetch =>
  async (url, options) => {
    const problem = await providerAddressProblem(new URL(url), bounds.allowPrivate);
    if (problem) throw new Error(`refused to call the provider: ${problem}`);
    const signal = AbortSignal.timeout(bounds.timeoutMs);
    const response = await fetch(url, { ...options, redirect: 'manual', signal } as RequestInit);
    const body = await boundedBody(response, bounds.maxBytes);
    return new Response(response.status === 204 || response.status === 304 ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
