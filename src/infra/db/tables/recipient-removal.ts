import type { Db } from '../database.js';

/** The rows that belong to one recipient and go with it (its links, sessions, authentication, fields, uploads, hand-overs). */
const DEPENDENT_TABLES = [
  'fields',
  'signing_tokens',
  'recipient_signing_sessions',
  'recipient_authentications',
  'signer_attachments',
  'recipient_delegations',
] as const;

/** A recipient's fields, before the corrections that replace them. */
export const deleteRecipientFields = async (db: Db, recipientId: string): Promise<void> => {
  await db.deleteFrom('fields').where('recipient_id', '=', recipientId).execute();
};

/** Takes a recipient who never acted off an envelope, with every row of theirs; their links then answer as unknown. */
export const removeRecipient = async (db: Db, recipientId: string): Promise<void> => {
  for (const table of DEPENDENT_TABLES) await db.deleteFrom(table).where('recipient_id', '=', recipientId).execute();
  await db.deleteFrom('recipients').where('id', '=', recipientId).execute();
};
