import { AppError } from '../../domain/app-error.js';
import { readAccountForUpdate } from '../../infra/db/tables/accounts-table.js';
import { deleteSsoConfig, readSsoConfigForUpdate } from '../../infra/db/tables/sso-configs-table.js';
import { releaseSsoDomains } from '../../infra/db/tables/sso-domains-table.js';
import { deletePendingSsoSignIns } from '../../infra/db/tables/sso-sign-ins-table.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordSecurityEvent } from '../security-log/record-security-event.js';
import { ssoActor } from './sso-actor.js';
import { SSO_NOT_CONFIGURED_MESSAGE } from './sso-settings.js';

/**
 * `DELETE /account/sso`: forgets the provider, frees its domains for other accounts and ends the
 * sign-ins under way with it; the account's people sign in by password, passkey or link again.
 */
export const removeSsoSettings = async (
  ctx: AppContext,
  origin: RequestOrigin,
  accountId: string,
  actorUserId: string | null,
): Promise<void> => {
  await ctx.db.transaction().execute(async (trx) => {
    await readAccountForUpdate(trx, accountId);
    if (!(await readSsoConfigForUpdate(trx, accountId))) throw new AppError('SSO_NOT_CONFIGURED', SSO_NOT_CONFIGURED_MESSAGE);
    await deletePendingSsoSignIns(trx, accountId);
    await releaseSsoDomains(trx, accountId);
    await deleteSsoConfig(trx, accountId);
    await recordSecurityEvent(ctx, trx, origin, {
      accountId,
      type: 'sso_changed',
      ...(await ssoActor(trx, actorUserId)),
      detail: 'removed',
    });
  });
};
