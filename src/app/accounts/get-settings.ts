import { AppError } from '../../domain/app-error.js';
import type { Language } from '../../domain/language.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import type { AppContext } from '../context.js';

export interface AccountSettings {
  accountId: string;
  frameAncestors: string[];
  defaultLanguage: Language;
  /** Days a signer's link keeps the completed envelope and its sealed copy (docs/api/account.md). */
  signerCopyDays: number;
  /** Days after an envelope ended that its document bytes are kept; null: forever (docs/operations/retention-and-erasure.md). */
  retentionDays: number | null;
}

/** `GET /account/settings`: what an account's admins may change themselves (`PUT /account/settings`, update-account.ts). */
export const getSettings = async (ctx: AppContext, accountId: string): Promise<AccountSettings> => {
  const account = await readAccount(ctx.db, accountId);
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
  return {
    accountId,
    frameAncestors: account.frameAncestors,
    defaultLanguage: account.defaultLanguage,
    signerCopyDays: account.signerCopyDays,
    retentionDays: account.retentionDays,
  };
};
