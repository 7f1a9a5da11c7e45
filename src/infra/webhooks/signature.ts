import { createHmac } from 'node:crypto';

/**
 * `Countersign-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`, with one
 * `v1=` per secret that signs (two during the 24 h after a rotation: the new one first).
 */
export const signatureHeader = (unixSeconds: number, body: string, secrets: readonly string[]): string =>
  [
    `t=${unixSeconds}`,
    ...secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`),
  ].join(',');
