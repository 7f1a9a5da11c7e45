import { AppError } from '../../domain/app-error.js';
import { ProblemCollector } from '../../domain/problem-collector.js';
import { normalizeEmailDomains, parseIssuer, type SsoSettings } from '../../domain/sso-settings.js';
import type { UserRole } from '../../domain/user-role.js';
import { readAccountForUpdate } from '../../infra/db/tables/accounts-table.js';
import {
  insertSsoConfig,
  readSsoConfig,
  readSsoConfigForUpdate,
  updateSsoConfig,
  type SsoConfig,
} from '../../infra/db/tables/sso-configs-table.js';
import { claimSsoDomains } from '../../infra/db/tables/sso-domains-table.js';
import { providerAddressProblem } from '../../infra/oidc/bounded-fetch.js';
import { discoverProvider } from '../../infra/oidc/openid-provider.js';
import type { AppContext } from '../context.js';
import type { RequestOrigin } from '../envelopes/new-envelope.js';
import { recordSecurityEvent } from '../security-log/record-security-event.js';
import { ssoActor } from './sso-actor.js';
import { sealClientSecret } from './sso-client-secret.js';

export interface SsoSettingsInput {
  accountId: string;
  /** The console's user who saves, or null for an API client. */
  actorUserId: string | null;
  issuer: string;
  clientId: string;
  /** Left out: the stored one is kept (there must be one). */
  clientSecret?: string;
  emailDomains: string[];
  defaultRole: UserRole;
  enforced: boolean;
}

const secretRequired = () =>
  new AppError('FIELD_REQUIRED', 'client_secret is required the first time single sign-on is configured.', { field: 'client_secret' });

/** What a save changed, by field name: the log's detail (never a value, so never the secret). */
const changesOf = (before: SsoConfig | undefined, after: SsoConfig, secretGiven: boolean): string => {
  if (!before) return 'configured';
  const changed = [
    before.issuer !== after.issuer && 'issuer',
    before.clientId !== after.clientId && 'client_id',
    secretGiven && 'client_secret',
    before.emailDomains.join() !== after.emailDomains.join() && 'email_domains',
    before.defaultRole !== after.defaultRole && 'default_role',
    before.enforced !== after.enforced && (after.enforced ? 'enforced' : 'no longer enforced'),
  ].filter((change): change is string => Boolean(change));
  return changed.length ? `changed: ${changed.join(', ')}` : 'saved unchanged';
};

/** The form's independent checks, every problem at once; then whether the issuer's host may be called. */
const validated = async (ctx: AppContext, input: SsoSettingsInput) => {
  const problems = new ProblemCollector();
  const issuer = await problems.check(() => parseIssuer(input.issuer, ctx.config.ssoAllowPrivate));
  const emailDomains = await problems.check(() => normalizeEmailDomains(input.emailDomains));
  if (input.clientSecret === undefined && !(await readSsoConfig(ctx.db, input.accountId))) problems.add(secretRequired().problems);
  problems.throwIfAny();
  const problem = await providerAddressProblem(issuer!, ctx.config.ssoAllowPrivate);
  if (problem) throw new AppError('INVALID_SSO_ISSUER', `The issuer may not be used: ${problem}.`, { field: 'issuer' });
  return { issuer: issuer!, emailDomains: emailDomains! };
};

/**
 * `PUT /account/sso`: checks the provider's discovery now (so a typo is found by the admin, not by
 * the first person signing in), then stores the settings, the sealed secret and the discovery
 * document and claims the e-mail domains, all in one transaction; logs `sso_changed`.
 */
export const saveSsoSettings = async (ctx: AppContext, origin: RequestOrigin, input: SsoSettingsInput): Promise<SsoSettings> => {
  const { issuer, emailDomains } = await validated(ctx, input);
  const metadata = await discoverProvider(issuer, input.clientId, ctx.config.ssoAllowPrivate);
  const now = ctx.clock.now().toISOString();

  return ctx.db.transaction().execute(async (trx) => {
    // The account's row lock makes two saves of one account take turns (the first inserts, the second updates).
    if (!(await readAccountForUpdate(trx, input.accountId))) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${input.accountId}.`);
    const before = await readSsoConfigForUpdate(trx, input.accountId);
    if (input.clientSecret === undefined && !before) throw secretRequired();
    const taken = await claimSsoDomains(trx, input.accountId, emailDomains);
    if (taken.length) {
      throw new AppError(
        'SSO_DOMAIN_TAKEN',
        `${taken.join(', ')} ${taken.length > 1 ? 'belong' : 'belongs'} to another account's single sign-on.`,
        {
          field: 'email_domains',
        },
      );
    }
    const config: SsoConfig = {
      accountId: input.accountId,
      issuer: metadata.issuer,
      clientId: input.clientId,
      sealedClientSecret:
        input.clientSecret === undefined ? before!.sealedClientSecret : sealClientSecret(ctx, input.accountId, input.clientSecret),
      metadata,
      emailDomains,
      defaultRole: input.defaultRole,
      enforced: input.enforced,
      createdAt: before?.createdAt ?? now,
      updatedAt: now,
    };
    await (before ? updateSsoConfig(trx, config) : insertSsoConfig(trx, config));
    await recordSecurityEvent(ctx, trx, origin, {
      accountId: input.accountId,
      type: 'sso_changed',
      ...(await ssoActor(trx, input.actorUserId)),
      detail: changesOf(before, config, input.clientSecret !== undefined),
    });
    const { sealedClientSecret: _secret, metadata: _metadata, ...settings } = config;
    return settings;
  });
};
