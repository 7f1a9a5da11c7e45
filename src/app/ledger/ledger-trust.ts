import type { AppContext } from '../context.js';

/** What a third party needs to check our seals and tree heads (`GET /ledger/trust`). */
export interface LedgerTrust {
  /** The root certificate every seal chains to, PEM. */
  rootCertificatePem: string;
  /** Base64 of the ledger's raw 32-byte Ed25519 public key: the key of every tree head. */
  ledgerPublicKey: string;
}

const pem = (der: Uint8Array): string => {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
};

export const getLedgerTrust = (ctx: AppContext): LedgerTrust => ({
  rootCertificatePem: pem(ctx.keys.trustAnchor),
  ledgerPublicKey: ctx.keys.ledger.publicKeyBase64,
});
