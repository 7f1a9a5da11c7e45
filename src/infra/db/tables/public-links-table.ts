import type { Db } from '../database.js';
import { lockForUpdate } from '../lock-for-update.js';
import { bool, json, rowCodec } from '../row-codec.js';
import type { PublicLinksTable } from '../schema.js';

/** Who fills one of the template's other roles on every envelope a public link makes. */
export interface PublicLinkSigner {
  signerTitle: string;
  name: string;
  email: string;
}

export interface PublicLinkObserver {
  observerTitle: string;
  name: string;
  email: string;
}

export interface PublicLinkRecipients {
  signers: PublicLinkSigner[];
  observers: PublicLinkObserver[];
}

/** A template's public link (docs/api/public-links.md): the visitor fills `roleTitle`, `recipients` the template's other roles. */
export interface PublicLink {
  id: string;
  accountId: string;
  templateId: string;
  slug: string;
  roleTitle: string;
  enabled: boolean;
  maxUses: number | null;
  uses: number;
  expiresAt: string | null;
  recipients: PublicLinkRecipients;
  createdAt: string;
  updatedAt: string;
}

const publicLinkCodec = rowCodec<PublicLink, PublicLinksTable>({
  id: 'id',
  accountId: 'account_id',
  templateId: 'template_id',
  slug: 'slug',
  roleTitle: 'role_title',
  enabled: ['enabled', bool],
  maxUses: 'max_uses',
  uses: 'uses',
  expiresAt: 'expires_at',
  recipients: ['recipients', json<PublicLinkRecipients>()],
  createdAt: 'created_at',
  updatedAt: 'updated_at',
});

/** False when the template already has a link (another request made it first). */
export const insertPublicLink = async (db: Db, link: PublicLink): Promise<boolean> => {
  const result = await db
    .insertInto('public_links')
    .values(publicLinkCodec.toRow(link))
    .onConflict((oc) => oc.column('template_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
};

export const readPublicLinkOfTemplate = async (db: Db, templateId: string): Promise<PublicLink | undefined> => {
  const row = await db.selectFrom('public_links').selectAll().where('template_id', '=', templateId).executeTakeFirst();
  return row && publicLinkCodec.fromRow(row);
};

export const readPublicLinkById = async (db: Db, id: string): Promise<PublicLink | undefined> => {
  const row = await db.selectFrom('public_links').selectAll().where('id', '=', id).executeTakeFirst();
  return row && publicLinkCodec.fromRow(row);
};

/** `lock`: keep the row locked until the transaction ends, so that codes for it are counted one request after another. */
export const readPublicLinkBySlug = async (db: Db, slug: string, options: { lock?: boolean } = {}): Promise<PublicLink | undefined> => {
  const query = db.selectFrom('public_links').selectAll().where('slug', '=', slug);
  const row = await (options.lock ? lockForUpdate(db, query) : query).executeTakeFirst();
  return row && publicLinkCodec.fromRow(row);
};

export const updatePublicLink = async (db: Db, id: string, changes: Partial<PublicLink>): Promise<void> => {
  await db.updateTable('public_links').set(publicLinkCodec.toColumns(changes)).where('id', '=', id).execute();
};

/**
 * Counts one use while the link is open: one conditional statement, so of two uses racing for the
 * last one exactly one gets it. False when the link was closed, expired or used up meanwhile.
 */
export const countPublicLinkUse = async (db: Db, id: string, now: string): Promise<boolean> => {
  const result = await db
    .updateTable('public_links')
    .set((eb) => ({ uses: eb('uses', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('max_uses', 'is', null), eb('uses', '<', eb.ref('max_uses'))]))
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};
