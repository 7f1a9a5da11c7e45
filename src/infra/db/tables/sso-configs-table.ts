import type { SsoSettings } from '../../../domain/sso-settings.js';
import type { UserRole } from '../../../domain/user-role.js';
import type { ProviderMetadata } from '../../oidc/openid-provider.js';
import type { Db } from '../database.js';
import { lockForUpdate } from '../lock-for-update.js';
import { bool, json, oneOf, rowCodec } from '../row-codec.js';
import type { SsoConfigsTable } from '../schema.js';

/** An account's stored single sign-on: its settings, the sealed client secret and the discovery document. */
export interface SsoConfig extends SsoSettings {
  sealedClientSecret: string;
  metadata: ProviderMetadata;
}

const ssoConfigCodec = rowCodec<SsoConfig, SsoConfigsTable>({
  accountId: 'account_id',
  issuer: 'issuer',
  clientId: 'client_id',
  sealedClientSecret: 'client_secret',
  metadata: ['server_metadata', json<ProviderMetadata>()],
  emailDomains: ['email_domains', json<string[]>()],
  defaultRole: ['default_role', oneOf<UserRole>()],
  enforced: ['enforced', bool],
  createdAt: 'created_at',
  updatedAt: 'updated_at',
});

export const readSsoConfig = async (db: Db, accountId: string): Promise<SsoConfig | undefined> => {
  const row = await db.selectFrom('sso_configs').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  return row && ssoConfigCodec.fromRow(row);
};

/** The same, its row locked until the transaction ends: saves of one account take turns. */
export const readSsoConfigForUpdate = async (db: Db, accountId: string): Promise<SsoConfig | undefined> => {
  const row = await lockForUpdate(db, db.selectFrom('sso_configs').selectAll().where('account_id', '=', accountId)).executeTakeFirst();
  return row && ssoConfigCodec.fromRow(row);
};

/** Whose provider answers for the e-mail domain, through the table that gives each domain one account. */
export const readSsoConfigByDomain = async (db: Db, domain: string): Promise<SsoConfig | undefined> => {
  const row = await db
    .selectFrom('sso_domains')
    .innerJoin('sso_configs', 'sso_configs.account_id', 'sso_domains.account_id')
    .selectAll('sso_configs')
    .where('sso_domains.domain', '=', domain)
    .executeTakeFirst();
  return row && ssoConfigCodec.fromRow(row);
};

export const insertSsoConfig = async (db: Db, config: SsoConfig): Promise<void> => {
  await db.insertInto('sso_configs').values(ssoConfigCodec.toRow(config)).execute();
};

export const updateSsoConfig = async (db: Db, config: SsoConfig): Promise<void> => {
  const { account_id: _key, created_at: _created, ...changes } = ssoConfigCodec.toRow(config);
  await db.updateTable('sso_configs').set(changes).where('account_id', '=', config.accountId).execute();
};

export const deleteSsoConfig = async (db: Db, accountId: string): Promise<void> => {
  await db.deleteFrom('sso_configs').where('account_id', '=', accountId).execute();
};

/** Whether the account enforces single sign-on: one indexed read, for every password, passkey and link sign-in. */
export const ssoEnforcedFor = async (db: Db, accountId: string): Promise<boolean> => {
  const row = await db.selectFrom('sso_configs').select('enforced').where('account_id', '=', accountId).executeTakeFirst();
  return row?.enforced === 1;
};
