import { AppError } from '../../domain/app-error.js';
import { webhookAddressVerdict } from '../../domain/webhook-address.js';
import { resolveHost } from '../../infra/webhooks/resolve-host.js';

export const MAX_WEBHOOK_URL_LENGTH = 2048;

const invalid = (message: string) => new AppError('INVALID_WEBHOOK_URL', message, { field: 'url' });

/** The URL's form: http(s), no credentials, not too long. */
export const parseWebhookUrl = (raw: string): URL => {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) throw invalid(`The URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid('The URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid('The URL must start with https:// or http://.');
  if (url.username || url.password)
    throw invalid('The URL must not carry credentials: authenticate the request with its signature instead.');
  if (url.hash) throw invalid('The URL must not have a #fragment.');
  return url;
};

/**
 * Where a delivery may go: every address the host resolves to now must be public (or private ones
 * allowed by WEBHOOK_ALLOW_PRIVATE). Returns the first, the one to connect to; throws
 * INVALID_WEBHOOK_URL with the reason otherwise.
 */
export const resolveWebhookAddress = async (url: URL, allowPrivate: boolean): Promise<string> => {
  const addresses = await resolveHost(url.hostname);
  if (!addresses.length) throw invalid(`The host ${url.hostname} does not resolve.`);
  for (const address of addresses) {
    const verdict = webhookAddressVerdict(address, allowPrivate);
    if (verdict === 'metadata') throw invalid(`The host resolves to ${address}, a cloud metadata address: refused.`);
    if (verdict !== 'allowed')
      throw invalid(
        `The host resolves to ${address}, which is not a public address: refused (an operator may allow private addresses with WEBHOOK_ALLOW_PRIVATE=true).`,
      );
  }
  return addresses[0]!;
};

/** A URL a webhook may be created with: well formed, and resolving to allowed addresses now. */
export const checkWebhookUrl = async (raw: string, allowPrivate: boolean): Promise<URL> => {
  const url = parseWebhookUrl(raw);
  await resolveWebhookAddress(url, allowPrivate);
  return url;
};
