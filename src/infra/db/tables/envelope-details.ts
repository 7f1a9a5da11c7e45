import { sql, type RawBuilder } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import type { CompletionState } from '../../../domain/completion-state.js';
import type { EnvelopeStatus } from '../../../domain/envelope-state.js';
import type { RecipientStatus } from '../../../domain/recipient-state.js';
import type { SignProcessFlow } from '../../../domain/signing-order.js';
import type { Db } from '../database.js';
import type { AuthenticationMethod } from './recipient-authentications-table.js';
import { isPostgres } from '../lock-for-update.js';
import { preparedQuery } from '../prepared-query.js';
import { bool, json } from '../row-codec.js';
import type { RecipientRole } from './recipients-table.js';
import type { Language } from '../../../domain/language.js';

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
}

export interface DetailedDocument {
  id: string;
  name: string;
  pageCount: number;
  sha256: string;
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
}

interface DocumentJson {
  id: string;
  name: string;
  position: number;
  page_count: number;
  sha256: string;
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
}

/** SQLite hands a JSON aggregate back as text, PostgreSQL as parsed JSON. */
const jsonValue = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/**
 * The envelope, its creator (or its account owner), its completion, its documents and its recipients in one
 * statement: the documents and recipients come as JSON arrays (json_group_array on SQLite, json_agg
 * on PostgreSQL).
 */
const envelopeDetailsQuery = preparedQuery((db: Db, accountId: string, envelopeId: string) => {
  const postgres = isPostgres(db);
  // Typed unknown: readEnvelopeDetails decodes the aggregates, whose form differs by dialect.
  const jsonArrayFrom = (expression: Parameters<typeof sqliteJsonArrayFrom>[0]): RawBuilder<unknown> =>
    postgres ? postgresJsonArrayFrom(expression) : sqliteJsonArrayFrom(expression);
  const pageCount = postgres ? sql<number>`json_array_length(pages::json)` : sql<number>`json_array_length(pages)`;
  return (
    db
      .selectFrom('envelopes as e')
      .innerJoin('accounts as a', 'a.id', 'e.account_id')
      .innerJoin('users as u', 'u.id', 'a.owner_user_id')
      // A creator removed from the account since (or another account's id) finds no row: the owner stands in.
      .leftJoin('users as cu', (join) => join.onRef('cu.id', '=', 'e.created_by_user_id').onRef('cu.account_id', '=', 'e.account_id'))
      .leftJoin('envelope_completions as c', 'c.envelope_id', 'e.id')
      .select([
        'e.id',
        'e.name',
        'e.description',
        'e.tags',
        'e.status',
        'e.sign_process_flow',
        'e.created_at',
        'e.signing_due_date',
        'e.expiration_days',
        'e.email_reminders',
        'e.reminder_period',
        'e.completed_at',
        'u.name as owner_name',
        'u.email as owner_email',
        'cu.name as creator_name',
        'cu.email as creator_email',
        'c.state as completion_state',
        'c.attempts as completion_attempts',
        'c.last_error as completion_last_error',
        'c.next_attempt_at as completion_next_attempt_at',
      ])
      .select((eb) => [
        jsonArrayFrom(
          eb
            .selectFrom('documents as d')
            .select(['d.id', 'd.name', 'd.position', pageCount.as('page_count'), 'd.sha256'])
            .whereRef('d.envelope_id', '=', 'e.id')
            .where('d.position', '>=', 1),
        ).as('documents'),
        jsonArrayFrom(
          eb
            .selectFrom('recipients as r')
            .leftJoin('recipient_authentications as ra', 'ra.recipient_id', 'r.id')
            .select([
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
        ).as('recipients'),
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
});

/** A live envelope of the account with everything its details view shows, or undefined (unknown, deleted or another account's). */
export const readEnvelopeDetails = async (db: Db, accountId: string, envelopeId: string): Promise<EnvelopeDetailsRead | undefined> => {
  const [row] = await envelopeDetailsQuery(db, accountId, envelopeId);
  if (!row) return undefined;
  // Aggregates carry no order: documents and recipients are put in theirs here.
  const documents = jsonValue<DocumentJson[]>(row.documents).sort(byPosition);
  const recipients = jsonValue<RecipientJson[]>(row.recipients).sort(byPosition);
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
    documents: documents.map((d) => ({ id: d.id, name: d.name, pageCount: d.page_count, sha256: d.sha256 })),
    signers: recipients.filter((r) => r.role === 'signer').map(toRecipient),
    observers: recipients.filter((r) => r.role === 'observer').map(toRecipient),
  };
};
