import { AppError } from '../../domain/app-error.js';
import { effectiveStatus } from '../../domain/envelope-state.js';
import { replaceInJson, replaceInText, type Replacements } from '../../domain/erasure.js';
import { ENDED_ENVELOPE_STATUSES } from '../../domain/retention.js';
import type { Db } from '../../infra/db/database.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import {
  readDelegationsOfEmail,
  readErasureSalt,
  readFieldValues,
  readLedgerBodies,
  readRecipientsOfEmail,
  readWebhookEventsMentioning,
  storeErasureSalt,
  updateDelegationPeople,
  updateFieldValue,
  updateLedgerBody,
  updateRecipientPersonalData,
  updateWebhookEventData,
} from '../../infra/db/tables/erasure-records.js';
import type { LedgerEntryBody } from '../../infra/db/tables/ledger-table.js';
import { newErasureSalt, pseudonymHash } from '../../infra/erasure-pseudonym.js';
import { LEDGER_ENTRY_FORMAT } from '../../infra/ledger/entry-hash.js';
import type { AppContext } from '../context.js';

/** What an erasure changed, counted, and what it could not change. */
export interface ErasureReport {
  accountId: string;
  email: string;
  /** What the address now reads everywhere it was. */
  emailPseudonym: string;
  envelopes: number;
  recipients: number;
  delegations: number;
  fieldValues: number;
  ledgerEntries: number;
  /** Entries of format 1 that name the person: their hash covers the personal keys, so they are kept as they are. */
  ledgerEntriesKept: number;
  webhookEvents: number;
}

/** The person's pseudonyms, all salted hashes under the account's erasure salt. */
const pseudonymsOf = (salt: string, email: string, names: Iterable<string>, others: Iterable<string>): Replacements => {
  const values = new Map<string, string>();
  for (const name of names) values.set(name, `Erased ${pseudonymHash(salt, 'name', name)}`);
  for (const value of others) values.set(value, `erased:${pseudonymHash(salt, 'value', value)}`);
  return { values, email, emailPseudonym: `erased-${pseudonymHash(salt, 'email', email)}@erased.invalid` };
};

/** The account's salt, made and stored at its first erasure (docs/operations/retention-and-erasure.md). */
const erasureSaltOf = async (trx: Db, accountId: string): Promise<string> => {
  const stored = await readErasureSalt(trx, accountId);
  if (stored) return stored;
  const salt = newErasureSalt();
  await storeErasureSalt(trx, accountId, salt);
  return salt;
};

const mentions = (text: string, replacements: Replacements): boolean => replaceInText(text, replacements) !== text;

/**
 * A format-2 entry with the person's name, address, IP address and user agent replaced, its salt dropped (its
 * commitment can no longer be opened, and needs not be: the entry hash covers only the commitment); undefined when the
 * entry does not name the person. The IP address and user agent are the actor's, so they go where the actor is the person.
 */
const erasedEntry = (body: LedgerEntryBody, replacements: Replacements): LedgerEntryBody | undefined => {
  const actorIsPerson =
    body.actor.email?.toLowerCase() === replacements.email || (body.actor.email === null && replacements.values.has(body.actor.name));
  const description = replaceInText(body.description, replacements);
  if (!actorIsPerson && description === body.description && !replacements.values.has(body.actor.name)) return undefined;
  const pseudonym = (value: string | null) =>
    value === null ? null : (replacements.values.get(value) ?? replaceInText(value, replacements));
  return {
    ...body,
    actor: {
      name: replaceInText(body.actor.name, replacements),
      email: body.actor.email && replaceInText(body.actor.email, replacements),
    },
    description,
    ip_address: actorIsPerson ? pseudonym(body.ip_address) : body.ip_address,
    user_agent: actorIsPerson ? pseudonym(body.user_agent) : body.user_agent,
    personal_salt: null,
  };
};

/**
 * `countersign recipient erase`: replaces a person's name, e-mail address, phone number, IP addresses and user agents
 * in every envelope of the account (recipients, hand-overs, filled-in fields, ledger entries and so history and audit
 * logs, webhook events) by salted hashes, in one transaction; the ledger still verifies (docs/concepts/ledger.md
 * "Entry formats"). A person still expected to act on an open envelope is refused: cancel it first.
 */
export const erasePerson = async (ctx: AppContext, accountId: string, rawEmail: string): Promise<ErasureReport> => {
  const email = rawEmail.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
    throw new AppError('INVALID_EMAIL', `"${rawEmail}" is not an e-mail address.`, { field: 'email' });
  }
  if (!(await readAccount(ctx.db, accountId))) throw new AppError('ACCOUNT_NOT_FOUND', `No account ${accountId}.`);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const recipients = await readRecipientsOfEmail(trx, accountId, email);
    const delegations = await readDelegationsOfEmail(trx, accountId, email);
    const open = recipients.filter(
      (r) =>
        !ENDED_ENVELOPE_STATUSES.includes(effectiveStatus({ status: r.envelopeStatus, signingDueDate: new Date(r.signingDueDate) }, now)),
    );
    if (open.length) {
      throw new AppError(
        'RECIPIENT_ON_OPEN_ENVELOPE',
        `${email} is a recipient of ${open.length} envelope(s) still open (${[...new Set(open.map((r) => r.envelopeId))].join(', ')}); cancel them first. Nothing was erased.`,
      );
    }
    const report: ErasureReport = {
      accountId,
      email,
      emailPseudonym: '',
      envelopes: 0,
      recipients: 0,
      delegations: 0,
      fieldValues: 0,
      ledgerEntries: 0,
      ledgerEntriesKept: 0,
      webhookEvents: 0,
    };
    const envelopeIds = [...new Set([...recipients.map((r) => r.envelopeId), ...delegations.map((d) => d.envelopeId)])];
    const salt = await erasureSaltOf(trx, accountId);
    const ledger = await readLedgerBodies(trx, envelopeIds);
    const names = new Set([
      ...recipients.map((r) => r.name),
      ...ledger.flatMap(({ body }) => (body.actor.email?.toLowerCase() === email ? [body.actor.name] : [])),
      ...delegations.flatMap((d) => [...(d.fromEmail === email ? [d.fromName] : []), ...(d.toEmail === email ? [d.toName] : [])]),
    ]);
    const others = new Set(recipients.flatMap((r) => [r.ipAddress, r.userAgent].filter((v): v is string => Boolean(v))));
    const replacements = pseudonymsOf(salt, email, [...names].filter(Boolean), others);
    report.emailPseudonym = replacements.emailPseudonym;
    if (!envelopeIds.length) return report;

    for (const recipient of recipients) {
      await updateRecipientPersonalData(trx, recipient.id, {
        name: replaceInText(recipient.name, replacements),
        email: replacements.emailPseudonym,
        phoneNumber: null,
        countryCode: null,
        ipAddress: recipient.ipAddress && replaceInText(recipient.ipAddress, replacements),
        userAgent: recipient.userAgent && replaceInText(recipient.userAgent, replacements),
        signature: recipient.signature && JSON.stringify(replaceInJson(JSON.parse(recipient.signature), replacements)),
      });
      report.recipients++;
    }
    for (const delegation of delegations) {
      const from = delegation.fromEmail === email;
      const to = delegation.toEmail === email;
      await updateDelegationPeople(trx, delegation.id, {
        fromName: from ? replaceInText(delegation.fromName, replacements) : delegation.fromName,
        fromEmail: from ? replacements.emailPseudonym : delegation.fromEmail,
        toName: to ? replaceInText(delegation.toName, replacements) : delegation.toName,
        toEmail: to ? replacements.emailPseudonym : delegation.toEmail,
      });
      report.delegations++;
    }
    for (const field of await readFieldValues(
      trx,
      recipients.map((r) => r.id),
    )) {
      if (!mentions(field.value, replacements)) continue;
      await updateFieldValue(trx, field.id, replaceInText(field.value, replacements));
      report.fieldValues++;
    }
    for (const { id, body } of ledger) {
      const erased = erasedEntry(body, replacements);
      if (!erased) continue;
      if (body.format !== LEDGER_ENTRY_FORMAT) {
        report.ledgerEntriesKept++;
        continue;
      }
      await updateLedgerBody(trx, id, erased);
      report.ledgerEntries++;
    }
    for (const event of await readWebhookEventsMentioning(trx, accountId, email)) {
      await updateWebhookEventData(trx, event.id, JSON.stringify(replaceInJson(JSON.parse(event.data), replacements)));
      report.webhookEvents++;
    }
    report.envelopes = envelopeIds.length;
    return report;
  });
};
