import { sql } from 'kysely';
import type { EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { Db } from '../database.js';
import type { LedgerEntryBody } from './ledger-table.js';

/** Ids bound per query: well under both databases' limits on bound parameters. */
const BATCH = 500;
const inBatches = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

export const readErasureSalt = async (db: Db, accountId: string): Promise<string | null> =>
  (await db.selectFrom('accounts').select('erasure_salt').where('id', '=', accountId).executeTakeFirst())?.erasure_salt ?? null;

export const storeErasureSalt = async (db: Db, accountId: string, salt: string): Promise<void> => {
  await db.updateTable('accounts').set({ erasure_salt: salt }).where('id', '=', accountId).execute();
};

/** A recipient row of the person, with its envelope's state. */
export interface RecipientOfPerson {
  id: string;
  envelopeId: string;
  name: string;
  ipAddress: string | null;
  userAgent: string | null;
  signature: string | null;
  envelopeStatus: EnvelopeStatus;
  signingDueDate: string;
}

/** The recipients with this (lower-cased) address in the account's envelopes, deleted ones included. */
export const readRecipientsOfEmail = async (db: Db, accountId: string, email: string): Promise<RecipientOfPerson[]> => {
  const rows = await db
    .selectFrom('recipients')
    .innerJoin('envelopes', 'envelopes.id', 'recipients.envelope_id')
    .select([
      'recipients.id',
      'recipients.envelope_id',
      'recipients.name',
      'recipients.ip_address',
      'recipients.user_agent',
      'recipients.signature',
      'envelopes.status',
      'envelopes.signing_due_date',
    ])
    .where('envelopes.account_id', '=', accountId)
    .where('recipients.email', '=', email)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    envelopeId: row.envelope_id,
    name: row.name,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    signature: row.signature,
    envelopeStatus: row.status as EnvelopeStatus,
    signingDueDate: row.signing_due_date,
  }));
};

export interface DelegationOfPerson {
  id: string;
  envelopeId: string;
  fromName: string;
  fromEmail: string;
  toName: string;
  toEmail: string;
}

/** The hand-overs from or to this (lower-cased) address in the account's envelopes. */
export const readDelegationsOfEmail = async (db: Db, accountId: string, email: string): Promise<DelegationOfPerson[]> => {
  const rows = await db
    .selectFrom('recipient_delegations')
    .innerJoin('envelopes', 'envelopes.id', 'recipient_delegations.envelope_id')
    .selectAll('recipient_delegations')
    .where('envelopes.account_id', '=', accountId)
    .where((eb) => eb.or([eb('recipient_delegations.from_email', '=', email), eb('recipient_delegations.to_email', '=', email)]))
    .execute();
  return rows.map((row) => ({
    id: row.id,
    envelopeId: row.envelope_id,
    fromName: row.from_name,
    fromEmail: row.from_email,
    toName: row.to_name,
    toEmail: row.to_email,
  }));
};

export const updateRecipientPersonalData = async (
  db: Db,
  recipientId: string,
  data: {
    name: string;
    email: string;
    phoneNumber: null;
    countryCode: null;
    ipAddress: string | null;
    userAgent: string | null;
    signature: string | null;
  },
): Promise<void> => {
  await db
    .updateTable('recipients')
    .set({
      name: data.name,
      email: data.email,
      phone_number: data.phoneNumber,
      country_code: data.countryCode,
      ip_address: data.ipAddress,
      user_agent: data.userAgent,
      signature: data.signature,
    })
    .where('id', '=', recipientId)
    .execute();
};

export const updateDelegationPeople = async (
  db: Db,
  delegationId: string,
  people: { fromName: string; fromEmail: string; toName: string; toEmail: string },
): Promise<void> => {
  await db
    .updateTable('recipient_delegations')
    .set({ from_name: people.fromName, from_email: people.fromEmail, to_name: people.toName, to_email: people.toEmail })
    .where('id', '=', delegationId)
    .execute();
};

/** The filled-in values of these recipients' fields (a text field may hold their name or address). */
export const readFieldValues = async (db: Db, recipientIds: readonly string[]): Promise<{ id: string; value: string }[]> => {
  const found: { id: string; value: string }[] = [];
  for (const batch of inBatches(recipientIds)) {
    const rows = await db
      .selectFrom('fields')
      .select(['id', 'value'])
      .where('recipient_id', 'in', batch)
      .where('value', 'is not', null)
      .execute();
    found.push(...rows.map((row) => ({ id: row.id, value: row.value! })));
  }
  return found;
};

export const updateFieldValue = async (db: Db, fieldId: string, value: string): Promise<void> => {
  await db.updateTable('fields').set({ value }).where('id', '=', fieldId).execute();
};

/** Every ledger entry of these envelopes, as stored. */
export const readLedgerBodies = async (db: Db, envelopeIds: readonly string[]): Promise<{ id: number; body: LedgerEntryBody }[]> => {
  const found: { id: number; body: LedgerEntryBody }[] = [];
  for (const batch of inBatches(envelopeIds)) {
    const rows = await db.selectFrom('ledger_entries').select(['id', 'body']).where('envelope_id', 'in', batch).execute();
    found.push(...rows.map((row) => ({ id: row.id, body: JSON.parse(row.body) as LedgerEntryBody })));
  }
  return found;
};

/** Replaces an entry's stored body; its `entry_hash`, block and position stay. */
export const updateLedgerBody = async (db: Db, entryId: number, body: LedgerEntryBody): Promise<void> => {
  await db
    .updateTable('ledger_entries')
    .set({ body: JSON.stringify(body) })
    .where('id', '=', entryId)
    .execute();
};

/** The account's webhook events whose payload mentions the address (any case). */
export const readWebhookEventsMentioning = async (db: Db, accountId: string, email: string): Promise<{ id: string; data: string }[]> => {
  // LIKE narrows the rows (its `_` matches any character, so the exact test follows).
  const rows = await db
    .selectFrom('webhook_events')
    .select(['id', 'data'])
    .where('account_id', '=', accountId)
    .where(sql`lower(data)`, 'like', `%${email.replace(/[%_\\]/g, '_')}%`)
    .execute();
  return rows.filter((row) => row.data.toLowerCase().includes(email));
};

export const updateWebhookEventData = async (db: Db, eventId: string, data: string): Promise<void> => {
  await db.updateTable('webhook_events').set({ data }).where('id', '=', eventId).execute();
};
