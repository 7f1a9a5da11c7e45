import type { VerifyOptions, VerifyReport } from './verify-pdf.js';

export type { VerifyOptions, VerifyReport } from './verify-pdf.js';

/**
 * The seal check of verify-pdf.ts, loaded when first called: the certificate libraries it needs take
 * ~20 MB, which a PDF worker that only reads uploads (and imports this package for its inflate
 * budget) should not pay.
 */
export const verifySealedPdf = async (bytes: Uint8Array, options: VerifyOptions = {}): Promise<VerifyReport> =>
  (await import('./verify-pdf.js')).verifySealedPdf(bytes, options);
