import type { CompletionRecord } from './pdf/completion-record.js';
import type { Verification } from './verify-file.js';

const printRecord = (record: CompletionRecord, print: (line: string) => void) => {
  print(`\nenvelope  ${record.envelope_name} (${record.envelope_id})`);
  print(`completed ${record.completed_at}`);
  for (const signer of record.signers) print(`signer    ${signer.name} <${signer.email}> signed ${signer.signed_at ?? '—'}`);
  print(`ledger    ${record.ledger_head_hash}${record.ledger_proof ? ` (block ${record.ledger_proof.block_number})` : ''}`);
  print(`verify at ${record.verification_url}`);
};

/** The report for people: each check, who sealed the file, and (only when it is valid) what its record says. */
export const printVerification = (verification: Verification, print: (line: string) => void = console.log): void => {
  const { file, sha256, trust, checks, signer, signed_at: signedAt, timestamped, envelope, valid } = verification;
  print(`${file}\nsha256  ${sha256}\ntrust   ${trust}\n`);
  for (const check of checks) print(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  if (signer) print(`\nsealed by ${signer.subject}${signedAt ? ` at ${signedAt}` : ''}${timestamped ? ' (time-stamped)' : ''}`);
  if (envelope) printRecord(envelope, print);
  print(
    valid
      ? '\nVALID: the document is intact and sealed by this service.'
      : '\nNOT VALID: the document was changed, is not sealed, or was not sealed by this service.',
  );
};
