export type WebhookSignatureProblem = 'MALFORMED_HEADER' | 'TIMESTAMP_OUTSIDE_TOLERANCE' | 'NO_MATCHING_SIGNATURE';

/** A webhook delivery whose Countersign-Signature does not hold: do not act on it. */
export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';

  constructor(
    readonly problem: WebhookSignatureProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyWebhookSignatureOptions {
  /** How far the signature's time may be from now, either way (default 300 s): an older delivery is a replay. */
  toleranceSeconds?: number;
  /** Now (default: the current time). */
  now?: Date;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const encoder = new TextEncoder();

const bytesOfHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

const asBytes = (body: string | Uint8Array | ArrayBuffer) =>
  typeof body === 'string' ? encoder.encode(body) : body instanceof Uint8Array ? body : new Uint8Array(body);

const signedPayload = (timestamp: string, body: Uint8Array) => {
  const prefix = encoder.encode(`${timestamp}.`);
  const payload = new Uint8Array(prefix.length + body.length);
  payload.set(prefix);
  payload.set(body, prefix.length);
  return payload;
};

const parseHeader = (header: string) => {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const entry of header.split(',')) {
    const [key, value, ...rest] = entry.trim().split('=');
    if (value === undefined || rest.length) throw new WebhookSignatureError('MALFORMED_HEADER', `"${entry.trim()}" is not key=value`);
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value))
        throw new WebhookSignatureError('MALFORMED_HEADER', 'needs exactly one t=<unix seconds>');
      timestamp = value;
    } else if (key === 'v1' && HEX_SHA256.test(value.toLowerCase())) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined) throw new WebhookSignatureError('MALFORMED_HEADER', 'has no t=<unix seconds>');
  if (!signatures.length) throw new WebhookSignatureError('MALFORMED_HEADER', 'has no v1=<hex HMAC-SHA256>');
  return { timestamp, signatures };
};

/**
 * Checks a webhook delivery's `Countersign-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]` against the endpoint's
 * secret: HMAC-SHA256(secret, "<t>.<raw body>"). During a secret rotation the header carries one v1 per
 * secret; one match is enough. The comparison is Web Crypto's constant-time verify. Pass the body exactly
 * as received (before any JSON parsing). Resolves true, or rejects with a WebhookSignatureError.
 */
export const verifyWebhookSignature = async (
  secret: string,
  header: string | null | undefined,
  rawBody: string | Uint8Array | ArrayBuffer,
  { toleranceSeconds = 300, now = new Date() }: VerifyWebhookSignatureOptions = {},
): Promise<true> => {
  if (!header) throw new WebhookSignatureError('MALFORMED_HEADER', 'no Countersign-Signature header');
  const { timestamp, signatures } = parseHeader(header);
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookSignatureError('TIMESTAMP_OUTSIDE_TOLERANCE', `signed at ${timestamp}, more than ${toleranceSeconds} s from now`);
  }
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const payload = signedPayload(timestamp, asBytes(rawBody));
  for (const signature of signatures) {
    if (await crypto.subtle.verify('HMAC', key, bytesOfHex(signature), payload)) return true;
  }
  throw new WebhookSignatureError('NO_MATCHING_SIGNATURE', 'no v1 signature matches this secret and body');
};
