import { AppError } from '../../domain/app-error.js';
import { asLanguage } from '../../domain/language.js';
import { readAccount, updateAccount as storeAccountChanges } from '../../infra/db/tables/accounts-table.js';
import type { AppContext } from '../context.js';
import type { AccountSettings } from './get-settings.js';

export interface AccountUpdate {
  /** Origins (`https://app.example.com`) whose pages may frame the signing page (CSP frame-ancestors). */
  frameAncestors?: string[];
  /** Of recipients an envelope request gives none (docs/concepts/recipients.md); a code outside LANGUAGES is 400 UNSUPPORTED_LANGUAGE. */
  defaultLanguage?: string;
  /** Days after completion that signers keep their copy through their link (1–3650; the schema bounds it). */
  signerCopyDays?: number;
  /** Days after an envelope ended that its document bytes are kept (1–3650, the schema bounds it); null keeps them forever. */
  retentionDays?: number | null;
}

/** An origin exactly as CSP and browsers spell it: scheme, host and port only, nothing a CSP directive could be smuggled through. */
const asOrigin = (value: string): string => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('INVALID_FRAME_ANCESTOR', `"${value}" is not an origin like https://app.example.com.`, { field: 'frame_ancestors' });
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value.replace(/\/$/, '')) {
    throw new AppError(
      'INVALID_FRAME_ANCESTOR',
      `"${value}" is not an origin like https://app.example.com (http or https, no path, query or credentials).`,
      { field: 'frame_ancestors' },
    );
  }
  return url.origin;
};

export const updateAccount = async (ctx: AppContext, accountId: string, update: AccountUpdate): Promise<AccountSettings> => {
  if (
    update.frameAncestors === undefined &&
    update.defaultLanguage === undefined &&
    update.signerCopyDays === undefined &&
    update.retentionDays === undefined
  ) {
    throw new AppError('NOTHING_TO_UPDATE', 'Give frame_ancestors, default_language, signer_copy_days, retention_days or several of them.');
  }
  const account = await readAccount(ctx.db, accountId);
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
  const frameAncestors = update.frameAncestors ? [...new Set(update.frameAncestors.map(asOrigin))] : account.frameAncestors;
  const defaultLanguage =
    update.defaultLanguage === undefined ? account.defaultLanguage : asLanguage(update.defaultLanguage, 'default_language');
  const signerCopyDays = update.signerCopyDays ?? account.signerCopyDays;
  const retentionDays = update.retentionDays === undefined ? account.retentionDays : update.retentionDays;
  await storeAccountChanges(ctx.db, accountId, { frameAncestors, defaultLanguage, signerCopyDays, retentionDays });
  return { accountId, frameAncestors, defaultLanguage, signerCopyDays, retentionDays };
};
