import { sql } from 'kysely';
import type { CompletionState } from '../../../domain/completion-state.js';
import type { EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { RecipientStatus } from '../../../domain/recipient-state.js';
import type { SignProcessFlow } from '../../../domain/signing-order.js';
import type { Db } from '../database.js';
import type { EnvelopeCompletionsTable, EnvelopesTable, UsersTable } from '../schema.js';
import type { AuthenticationMethod } from './recipient-authentications-table.js';
import { originalOf, type DocumentOriginal } from './document-original.js';
import { jsonTuple, jsonTuplesFrom, tupleReader } from '../json-tuples.js';
import { isPostgres } from '../lock-for-update.js';
import { preparedQuery } from '../prepared-query.js';
import { bool, json } from '../row-codec.js';
import { recipientDelegationCodec, type RecipientDelegation } from './recipient-delegations-table.js';
import type { RecipientRole } from './recipients-table.js';
import { signingGroupCodec, type SigningGroup } from './signing-groups-table.js';
import type { Language } from '../../../domain/language.js';
import type { SignerRole } from '../../../domain/signer-role.js';

/** What the sender's details view shows of an envelope: its settings, as stored (the status is the stored one). */
export interface DetailedEnvelope {
  id: string;
  name: string;
  description: string | null;
  tags: string[];
  status: EnvelopeStatus;
  signProcessFlow: SignProcessFlow;
  createdAt: string;
  signingDueDate: string;
  expirationDays: number;
  emailReminders: boolean;
  reminderPeriod: number | null;
  completedAt: string | null;
  allowReassign: boolean;
  returnedAt: string | null;
  returnComment: string | null;
  /** The recipient who sent it back (docs/api/workflows.md). */
  returnedBy: string | null;
  /** The bulk send that created it (docs/api/bulk-sending.md). */
  bulkSendId: string | null;
  /** When the retention purge deleted its document bytes (docs/operations/retention-and-erasure.md). */
  documentsPurgedAt: string | null;
}

export interface DetailedDocument {
  id: string;
  name: string;
  pageCount: number;
  sha256: string;
  /** The file it was converted from (docs/api/conversion.md); null for a document given as PDF. */
  original: DocumentOriginal | null;
}

export interface DetailedRecipient {
  id: string;
  name: string;
  email: string;
  title: string | null;
  signingOrder: number;
  status: RecipientStatus;
  sentAt: string | null;
  viewedAt: string | null;
  signedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
  /** How the signer authenticates before signing (docs/concepts/recipients.md), if at all. */
  authenticationMethod: AuthenticationMethod | null;
  language: Language;
  signerRole: SignerRole;
  /** An in-person signer's host, while they are a user of the account. */
  host: { name: string; email: string } | null;
  witnessFor: string | null;
  groupId: string | null;
  approvedAt: string | null;
}

/** The envelope's completion row (migration 0009), when sealing has started. */
export interface DetailedCompletion {
  state: CompletionState;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
}

export interface EnvelopeDetailsRead {
  envelope: DetailedEnvelope;
  completion: DetailedCompletion | null;
  /** The user who created it while they are still a user of the account, else the account's owner. */
  createdBy: { name: string; email: string };
  /** In order, without the certificate of completion. */
  documents: DetailedDocument[];
  signers: DetailedRecipient[];
  observers: DetailedRecipient[];
  /** Its signing groups, in their places among the signers (docs/api/workflows.md). */
  groups: SigningGroup[];
  /** Every hand-over of a step, each recipient's chain in order. */
  delegations: RecipientDelegation[];
}

interface DocumentJson {
  id: string;
  name: string;
  position: number;
  page_count: number;
  sha256: string;
  original_name: string | null;
  original_media_type: string | null;
  original_sha256: string | null;
}

interface RecipientJson {
  id: string;
  role: RecipientRole;
  position: number;
  name: string;
  email: string;
  title: string | null;
  signing_order: number;
  status: string;
  sent_at: string | null;
  viewed_at: string | null;
  signed_at: string | null;
  declined_at: string | null;
  decline_reason: string | null;
  authentication_method: AuthenticationMethod | null;
  language: Language;
  signer_role: SignerRole;
  host_name: string | null;
  host_email: string | null;
  witness_for: string | null;
  group_id: string | null;
  approved_at: string | null;
}

type GroupJson = Parameters<typeof signingGroupCodec.fromRow>[0];
type DelegationJson = Parameters<typeof recipientDelegationCodec.fromRow>[0];

/** The envelope's columns and its joins', by the names its tuple is read with (json-tuples.ts). */
const ENVELOPE_SOURCES = {
  id: 'e.id',
  name: 'e.name',
  description: 'e.description',
  tags: 'e.tags',
  status: 'e.status',
  sign_process_flow: 'e.sign_process_flow',
  created_at: 'e.created_at',
  signing_due_date: 'e.signing_due_date',
  expiration_days: 'e.expiration_days',
  email_reminders: 'e.email_reminders',
  reminder_period: 'e.reminder_period',
  completed_at: 'e.completed_at',
  allow_reassign: 'e.allow_reassign',
  returned_at: 'e.returned_at',
  return_comment: 'e.return_comment',
  returned_by: 'e.returned_by',
  bulk_send_id: 'e.bulk_send_id',
  documents_purged_at: 'e.documents_purged_at',
  owner_name: 'u.name',
  owner_email: 'u.email',
  creator_name: 'cu.name',
  creator_email: 'cu.email',
  completion_state: 'c.state',
  completion_attempts: 'c.attempts',
  completion_last_error: 'c.last_error',
  completion_next_attempt_at: 'c.next_attempt_at',
} as const;

/** A column's type as the schema gives it; null too when its join (the creator, the completion) may find no row. */
type SourceType<Source> = Source extends `e.${infer Column extends keyof EnvelopesTable}`
  ? EnvelopesTable[Column]
  : Source extends `u.${infer Column extends keyof UsersTable}`
    ? UsersTable[Column]
    : Source extends `cu.${infer Column extends keyof UsersTable}`
      ? UsersTable[Column] | null
      : Source extends `c.${infer Column extends keyof EnvelopeCompletionsTable}`
        ? EnvelopeCompletionsTable[Column] | null
        : never;
type EnvelopeJson = { [Name in keyof typeof ENVELOPE_SOURCES]: SourceType<(typeof ENVELOPE_SOURCES)[Name]> };
const envelopeTuples = tupleReader<EnvelopeJson>(Object.keys(ENVELOPE_SOURCES) as (keyof EnvelopeJson)[]);

/** The columns of each aggregate, in the order of its tuples (json-tuples.ts). */
const DOCUMENT_COLUMNS = [
  'id',
  'name',
  'position',
  'page_count',
  'sha256',
  'original_name',
  'original_media_type',
  'original_sha256',
] as const satisfies readonly (keyof DocumentJson)[];
const RECIPIENT_COLUMNS = [
  'host_name',
  'host_email',
  'signer_role',
  'witness_for',
  'group_id',
  'approved_at',
  'authentication_method',
  'id',
  'role',
  'position',
  'name',
  'email',
  'title',
  'signing_order',
  'status',
  'sent_at',
  'viewed_at',
  'signed_at',
  'declined_at',
  'decline_reason',
  'language',
] as const satisfies readonly (keyof RecipientJson)[];
const GROUP_COLUMNS = ['id', 'envelope_id', 'name', 'required', 'position', 'completed_at'] as const satisfies readonly (keyof GroupJson)[];
const DELEGATION_COLUMNS = [
  'id',
  'envelope_id',
  'recipient_id',
  'position',
  'from_name',
  'from_email',
  'to_name',
  'to_email',
  'reason',
  'at',
] as const satisfies readonly (keyof DelegationJson)[];
const documentTuples = tupleReader<DocumentJson>(DOCUMENT_COLUMNS);
const recipientTuples = tupleReader<RecipientJson>(RECIPIENT_COLUMNS);
const groupTuples = tupleReader<GroupJson>(GROUP_COLUMNS);
const delegationTuples = tupleReader<DelegationJson>(DELEGATION_COLUMNS);

/**
 * The envelope, its creator (or its account owner), its completion, its documents, its recipients, its signing
 * groups and its hand-overs in one statement of five columns: the envelope and its joins as a JSON tuple, the rest
 * as JSON arrays of tuples (json-tuples.ts).
 */
const envelopeDetailsQuery = preparedQuery((db: Db, accountId: string, envelopeId: string) => {
  const postgres = isPostgres(db);
  const pageCount = postgres ? sql<number>`json_array_length(pages::json)` : sql<number>`json_array_length(pages)`;
  return (
    db
      .selectFrom('envelopes as e')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .innerJoin('users as u', 'u.id', 'a.owner_user_id')
      // A creator removed from the account since (or another account's id) finds no row: the owner stands in.
      .leftJoin('users as cu', (join) => join.onRef('cu.id', '=', 'e.created_by_user_id').onRef('cu.account_id', '=', 'e.account_id'))
      .leftJoin('envelope_completions as c', 'c.envelope_id', 'e.id')
      .select(jsonTuple(postgres, Object.values(ENVELOPE_SOURCES)).as('envelope'))
      .select((eb) => [
        jsonTuplesFrom(
          postgres,
          eb
            .selectFrom('documents as d')
            .select([
              'd.id',
              'd.name',
              'd.position',
              pageCount.as('page_count'),
              'd.sha256',
              'd.original_name',
              'd.original_media_type',
              'd.original_sha256',
            ])
            .whereRef('d.envelope_id', '=', 'e.id')
            .where('d.position', '>=', 1),
          DOCUMENT_COLUMNS,
        ).as('documents'),
        jsonTuplesFrom(
          postgres,
          eb
            .selectFrom('recipients as r')
            .leftJoin('recipient_authentications as ra', 'ra.recipient_id', 'r.id')
            // A host removed from the account since finds no row: the details then name none.
            .leftJoin('users as hu', (join) => join.onRef('hu.id', '=', 'r.host_user_id').onRef('hu.account_id', '=', 'e.account_id'))
            .select([
              'hu.name as host_name',
              'hu.email as host_email',
              'r.signer_role',
              'r.witness_for',
              'r.group_id',
              'r.approved_at',
              'ra.method as authentication_method',
              'r.id',
              'r.role',
              'r.position',
              'r.name',
              'r.email',
              'r.title',
              'r.signing_order',
              'r.status',
              'r.sent_at',
              'r.viewed_at',
              'r.signed_at',
              'r.declined_at',
              'r.decline_reason',
              'r.language',
            ])
            .whereRef('r.envelope_id', '=', 'e.id'),
          RECIPIENT_COLUMNS,
        ).as('recipients'),
        jsonTuplesFrom(
          postgres,
          eb
            .selectFrom('signing_groups as g')
            .select(['g.id', 'g.envelope_id', 'g.name', 'g.required', 'g.position', 'g.completed_at'])
            .whereRef('g.envelope_id', '=', 'e.id'),
          GROUP_COLUMNS,
        ).as('groups'),
        jsonTuplesFrom(
          postgres,
          eb
            .selectFrom('recipient_delegations as rd')
            .select([
              'rd.id',
              'rd.envelope_id',
              'rd.recipient_id',
              'rd.position',
              'rd.from_name',
              'rd.from_email',
              'rd.to_name',
              'rd.to_email',
              'rd.reason',
              'rd.at',
            ])
            .whereRef('rd.envelope_id', '=', 'e.id'),
          DELEGATION_COLUMNS,
        ).as('delegations'),
      ])
      .where('e.id', '=', envelopeId)
      .where('e.account_id', '=', accountId)
      .where('e.deleted_at', 'is', null)
  );
});

const byPosition = (a: { position: number }, b: { position: number }) => a.position - b.position;

const toRecipient = (r: RecipientJson): DetailedRecipient => ({
  id: r.id,
  name: r.name,
  email: r.email,
  title: r.title,
  signingOrder: r.signing_order,
  status: r.status as RecipientStatus,
  sentAt: r.sent_at,
  viewedAt: r.viewed_at,
  signedAt: r.signed_at,
  declinedAt: r.declined_at,
  declineReason: r.decline_reason,
  authenticationMethod: r.authentication_method ?? null,
  language: r.language,
  signerRole: r.signer_role,
  host: r.host_name === null || r.host_email === null ? null : { name: r.host_name, email: r.host_email },
  witnessFor: r.witness_for,
  groupId: r.group_id,
  approvedAt: r.approved_at,
});

/** A live envelope of the account with everything its details view shows, or undefined (unknown, deleted or another account's). */
export const readEnvelopeDetails = async (db: Db, accountId: string, envelopeId: string): Promise<EnvelopeDetailsRead | undefined> => {
  const [read] = await envelopeDetailsQuery(db, accountId, envelopeId);
  if (!read) return undefined;
  const row = envelopeTuples.row(read.envelope);
  // Aggregates carry no order: documents and recipients are put in theirs here.
  const documents = documentTuples.rows(read.documents).sort(byPosition);
  const recipients = recipientTuples.rows(read.recipients).sort(byPosition);
  return {
    envelope: {
      id: row.id,
      name: row.name,
      description: row.description,
      tags: json<string[]>().decode(row.tags),
      status: row.status as EnvelopeStatus,
      signProcessFlow: row.sign_process_flow as SignProcessFlow,
      createdAt: row.created_at,
      signingDueDate: row.signing_due_date,
      expirationDays: row.expiration_days,
      emailReminders: bool.decode(row.email_reminders),
      reminderPeriod: row.reminder_period,
      completedAt: row.completed_at,
      allowReassign: bool.decode(row.allow_reassign),
      returnedAt: row.returned_at,
      returnComment: row.return_comment,
      returnedBy: row.returned_by,
      bulkSendId: row.bulk_send_id,
      documentsPurgedAt: row.documents_purged_at,
    },
    createdBy:
      row.creator_name === null || row.creator_email === null
        ? { name: row.owner_name, email: row.owner_email }
        : { name: row.creator_name, email: row.creator_email },
    completion:
      row.completion_state === null
        ? null
        : {
            state: row.completion_state as CompletionState,
            attempts: row.completion_attempts!,
            lastError: row.completion_last_error,
            nextAttemptAt: row.completion_next_attempt_at,
          },
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      pageCount: d.page_count,
      sha256: d.sha256,
      original: originalOf({ originalName: d.original_name, originalMediaType: d.original_media_type, originalSha256: d.original_sha256 }),
    })),
    signers: recipients.filter((r) => r.role === 'signer').map(toRecipient),
    observers: recipients.filter((r) => r.role === 'observer').map(toRecipient),
    groups: groupTuples.rows(read.groups).map(signingGroupCodec.fromRow).sort(byPosition),
    delegations: delegationTuples
      .rows(read.delegations)
      .map(recipientDelegationCodec.fromRow)
      .sort((a, b) => a.recipientId.localeCompare(b.recipientId) || a.position - b.position),
  };
};
