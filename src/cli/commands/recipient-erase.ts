import { erasePerson, type ErasureReport } from '../../app/erasure/erase-person.js';
import { printResult, requiredOption, type Command } from '../command.js';
import { withApp } from '../with-app.js';

const presentErasure = (report: ErasureReport) => ({
  account_id: report.accountId,
  email: report.email,
  replaced_by: report.emailPseudonym,
  envelopes: report.envelopes,
  recipients: report.recipients,
  delegations: report.delegations,
  field_values: report.fieldValues,
  ledger_entries: report.ledgerEntries,
  ledger_entries_kept: report.ledgerEntriesKept,
  webhook_events: report.webhookEvents,
});

/** What people read after the counts: nothing found, or what could not be erased. */
const noteOf = (report: ErasureReport): string | undefined => {
  if (report.envelopes === 0) return `No envelope of account ${report.accountId} names ${report.email}: nothing was changed.`;
  if (report.ledgerEntriesKept > 0) {
    return (
      `${report.ledgerEntriesKept} ledger entries written before entry format 2 still name the person: their hashes cover ` +
      'the personal data, so changing them would break the chain (docs/concepts/ledger.md "Entry formats").'
    );
  }
  return undefined;
};

export const recipientErase: Command = {
  usage: `countersign recipient erase --email <address> --account <account_id> [--json]

Replaces the person's name, e-mail address, phone number, IP addresses and user agents in every envelope
of the account (recipients, hand-overs, filled-in fields, history and ledger, webhook events) by salted
hashes; the ledger still verifies. Refused, changing nothing, while the person is a recipient of an
envelope still open. Sealed PDFs and certificates are signed files and are not rewritten (see retention).`,
  options: { email: { type: 'string' }, account: { type: 'string' } },
  run: async (args) => {
    const email = requiredOption(args, 'email');
    const accountId = requiredOption(args, 'account');
    const report = await withApp((ctx) => erasePerson(ctx, accountId, email));
    printResult(args, presentErasure(report), noteOf(report));
    return 0;
  },
};
