import { AppError } from './app-error.js';
import { addDays } from './clock.js';

/** How long a signer's link keeps the completed envelope, unless the account says otherwise (docs/api/workflows.md). */
export const DEFAULT_SIGNER_COPY_DAYS = 30;
export const MAX_SIGNER_COPY_DAYS = 3650;

/** After completion a signing link shows the envelope and serves the sealed copy for `days` days, then 410 SIGNER_COPY_EXPIRED. */
export const assertSignerCopyKept = (completedAt: string, days: number, now: Date): void => {
  const until = addDays(new Date(completedAt), days);
  if (now.getTime() >= until.getTime()) {
    throw new AppError(
      'SIGNER_COPY_EXPIRED',
      `This envelope was completed on ${completedAt.slice(0, 10)}; signers' copies are kept ${days} days. Ask the sender for a copy.`,
    );
  }
};
