import { AppError } from '../../domain/app-error.js';
import type { AppContext } from '../context.js';

export interface AccountUpdate {
  /** Origins (`https://app.example.com`) whose pages may frame the signing page (CSP frame-ancestors). */
  frameAncestors?: string[];
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
    throw new AppError('INVALID_FRAME_ANCESTOR', `"${value}" is not an origin like https://app.example.com (http or https, no path, query or credentials).`, { field: 'frame_ancestors' });
  }
  return url.origin;
};

export const updateAccount = async (ctx: AppContext, accountId: string, update: AccountUpdate): Promise<{ account_id: string; frame_ancestors: string[] }> => {
  const account = await ctx.db.selectFrom('accounts').select(['id', 'frame_ancestors']).where('id', '=', accountId).executeTakeFirst();
  if (!account) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
  const frameAncestors = update.frameAncestors ? [...new Set(update.frameAncestors.map(asOrigin))] : (JSON.parse(account.frame_ancestors) as string[]);
  await ctx.db.updateTable('accounts').set({ frame_ancestors: JSON.stringify(frameAncestors) }).where('id', '=', accountId).execute();
  return { account_id: accountId, frame_ancestors: frameAncestors };
};
