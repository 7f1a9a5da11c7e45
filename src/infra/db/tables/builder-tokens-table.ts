import type { Db } from '../database.js';
import { oneOf, rowCodec } from '../row-codec.js';
import type { BuilderTokensTable } from '../schema.js';

/** What a builder edits: an account's template, or a composer's draft. */
export type BuilderKind = 'template' | 'compose';
/** `url`: the single-use token of a generated URL; `session`: the token its first use hands out. */
export type BuilderTokenPurpose = 'url' | 'session';

/** A builder's credential; only the hash of the raw token is ever stored. */
export interface BuilderToken {
  tokenHash: string;
  kind: BuilderKind;
  purpose: BuilderTokenPurpose;
  accountId: string;
  templateId: string | null;
  draftId: string | null;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

const builderTokenCodec = rowCodec<BuilderToken, BuilderTokensTable>({
  tokenHash: 'token_hash',
  kind: ['kind', oneOf<BuilderKind>()],
  purpose: ['purpose', oneOf<BuilderTokenPurpose>()],
  accountId: 'account_id',
  templateId: 'template_id',
  draftId: 'draft_id',
  expiresAt: 'expires_at',
  usedAt: 'used_at',
  createdAt: 'created_at',
});

export const insertBuilderToken = async (db: Db, token: BuilderToken): Promise<void> => {
  await db.insertInto('builder_tokens').values(builderTokenCodec.toRow(token)).execute();
};

export const readBuilderToken = async (db: Db, tokenHash: string): Promise<BuilderToken | undefined> => {
  const row = await db.selectFrom('builder_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  return row && builderTokenCodec.fromRow(row);
};

/** Marks a URL token used unless it already is: false then, so two first uses at once open one session. */
export const spendBuilderToken = async (db: Db, tokenHash: string, usedAt: string): Promise<boolean> => {
  const spent = await db
    .updateTable('builder_tokens')
    .set({ used_at: usedAt })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1;
};

/** Deletes the tokens that expired before `before`. */
export const deleteBuilderTokensExpiredBefore = async (db: Db, before: string): Promise<void> => {
  await db.deleteFrom('builder_tokens').where('expires_at', '<', before).execute();
};
