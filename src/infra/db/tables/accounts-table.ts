import type { PlanName } from '../../../config.js';
import type { Language } from '../../../domain/language.js';
import type { Db } from '../database.js';
import { lockForUpdate } from '../lock-for-update.js';
import { json, oneOf, rowCodec } from '../row-codec.js';
import type { AccountsTable } from '../schema.js';
import { userCodec, type User } from './users-table.js';

export interface Account {
  id: string;
  name: string;
  plan: PlanName;
  ownerUserId: string;
  /** Origins whose pages may frame the signing page (CSP frame-ancestors). */
  frameAncestors: string[];
  /** The language of recipients a request gives none (docs/concepts/recipients.md). */
  defaultLanguage: Language;
  /** Days a signer's link keeps the completed envelope and its sealed copy (docs/api/workflows.md). */
  signerCopyDays: number;
  /** Days after an envelope ended that its document bytes are kept; null: forever (docs/operations/retention-and-erasure.md). */
  retentionDays: number | null;
  createdAt: string;
}

const frameAncestorsColumn = json<string[]>();

export const accountCodec = rowCodec<Account, AccountsTable>({
  id: 'id',
  name: 'name',
  plan: ['plan', oneOf<PlanName>()],
  ownerUserId: 'owner_user_id',
  frameAncestors: ['frame_ancestors', frameAncestorsColumn],
  defaultLanguage: ['default_language', oneOf<Language>()],
  signerCopyDays: 'signer_copy_days',
  retentionDays: 'retention_days',
  createdAt: 'created_at',
});

export const insertAccount = async (db: Db, account: Account): Promise<void> => {
  await db.insertInto('accounts').values(accountCodec.toRow(account)).execute();
};

export const readAccount = async (db: Db, accountId: string): Promise<Account | undefined> => {
  const row = await db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
  return row && accountCodec.fromRow(row);
};

/** Whether the installation has any account yet: until it does, starts print a setup URL. */
export const anyAccountExists = async (db: Db): Promise<boolean> =>
  (await db.selectFrom('accounts').select('id').limit(1).executeTakeFirst()) !== undefined;

export const updateAccount = async (db: Db, accountId: string, changes: Partial<Account>): Promise<void> => {
  await db.updateTable('accounts').set(accountCodec.toColumns(changes)).where('id', '=', accountId).execute();
};

/** An account with its owner, in one read. */
export const readAccountWithOwner = async (db: Db, accountId: string): Promise<{ account: Account; owner: User } | undefined> => {
  const row = await db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.owner_user_id')
    .selectAll('accounts')
    .select([
      'users.id as user_id',
      'users.account_id as user_account_id',
      'users.name as user_name',
      'users.email as user_email',
      'users.role as user_role',
      'users.created_at as user_created_at',
    ])
    .where('accounts.id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { user_id, user_account_id, user_name, user_email, user_role, user_created_at, ...account } = row;
  return {
    account: accountCodec.fromRow(account),
    owner: userCodec.fromRow({
      id: user_id,
      account_id: user_account_id,
      name: user_name,
      email: user_email,
      role: user_role,
      created_at: user_created_at,
    }),
  };
};

/** The frame ancestors of the account an envelope belongs to; undefined for an unknown envelope. */
export const readFrameAncestorsOfEnvelope = async (db: Db, envelopeId: string): Promise<string[] | undefined> => {
  const row = await db
    .selectFrom('envelopes')
    .innerJoin('accounts', 'accounts.id', 'envelopes.account_id')
    .select('accounts.frame_ancestors')
    .where('envelopes.id', '=', envelopeId)
    .executeTakeFirst();
  return row && frameAncestorsColumn.decode(row.frame_ancestors);
};

/** The account, its row locked until the transaction ends, so that work counted per account runs one at a time. */
export const readAccountForUpdate = async (db: Db, accountId: string): Promise<Account | undefined> => {
  const row = await lockForUpdate(db, db.selectFrom('accounts').selectAll().where('id', '=', accountId)).executeTakeFirst();
  return row && accountCodec.fromRow(row);
};

/** A page of accounts in creation order, each with its owner's name and e-mail. */
export const listAccountsWithOwners = async (
  db: Db,
  page: { limit: number; offset: number },
): Promise<(Account & { ownerName: string; ownerEmail: string })[]> => {
  const rows = await db
    .selectFrom('accounts')
    .innerJoin('users', 'users.id', 'accounts.owner_user_id')
    .selectAll('accounts')
    .select(['users.name as owner_name', 'users.email as owner_email'])
    .orderBy('accounts.created_at')
    .orderBy('accounts.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map(({ owner_name, owner_email, ...account }) => ({
    ...accountCodec.fromRow(account),
    ownerName: owner_name,
    ownerEmail: owner_email,
  }));
};
