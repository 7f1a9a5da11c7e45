import { readFile } from 'node:fs/promises';
import { sha256Hex } from '../../infra/hash.js';
import { checkAgainstCurrentHead, checkSealedLedgerProof } from '../../infra/ledger/check-ledger-proof.js';
import { ledgerClient } from '../../infra/ledger/ledger-client.js';
import type { Check } from '../../infra/pdf/cms-signature.js';
import type { CompletionRecord } from '../../infra/pdf/completion-record.js';
import { createPdfPool } from '../../infra/pdf/pdf-pool.js';
import type { VerifyReport } from '../../infra/pdf/verify-pdf.js';
import { UsageError, type Command } from '../command.js';
import { resolveVerifyTrust, type VerifyTrust } from '../verify-trust.js';

const readPdf = async (path: string): Promise<Buffer> => {
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
};

const optionText = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The ledger checks of a file whose seal holds (docs/verification.md §5–6): the record's proof
 * against its sealed tree head, and with --online against the service's current head too. A record
 * sealed before proofs existed, or a file without a record, has nothing to check there.
 */
const ledgerChecks = async (record: CompletionRecord | undefined, trust: VerifyTrust, online: string | undefined): Promise<Check[]> => {
  const proof = record?.ledger_proof;
  if (!record || !proof) {
    return [
      {
        name: 'ledger proof',
        ok: true,
        detail: record
          ? 'none in the record (sealed before the ledger published proofs): the seal alone was checked'
          : 'the file carries no completion record',
      },
    ];
  }
  const offline = checkSealedLedgerProof(record.ledger_head_hash, proof, trust.ledgerKey);
  if (!online || !offline.every((check) => check.ok)) return offline;
  try {
    const state = await ledgerClient(online).stateFor(proof.block_number, proof.tree_size);
    return [...offline, ...checkAgainstCurrentHead(record.ledger_head_hash, proof, state, trust.ledgerKey ?? proof.tree_head.public_key)];
  } catch (error) {
    return [...offline, { name: 'current tree head', ok: false, detail: `${online} did not answer: ${(error as Error).message}` }];
  }
};

const printRecord = (record: CompletionRecord) => {
  console.log(`\nenvelope  ${record.envelope_name} (${record.envelope_id})`);
  console.log(`completed ${record.completed_at}`);
  for (const signer of record.signers) console.log(`signer    ${signer.name} <${signer.email}> signed ${signer.signed_at ?? '—'}`);
  console.log(`ledger    ${record.ledger_head_hash}${record.ledger_proof ? ` (block ${record.ledger_proof.block_number})` : ''}`);
  console.log(`verify at ${record.verification_url}`);
};

const printReport = (
  file: string,
  sha256: string,
  trust: VerifyTrust,
  report: VerifyReport,
  checks: Check[],
  record: CompletionRecord | undefined,
) => {
  const valid = checks.every((check) => check.ok);
  console.log(`${file}\nsha256  ${sha256}\ntrust   ${trust.source}\n`);
  for (const check of checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  if (report.signer)
    console.log(
      `\nsealed by ${report.signer.subject}${report.signedAt ? ` at ${report.signedAt}` : ''}${report.timestamped ? ' (time-stamped)' : ''}`,
    );
  // The record is inside the signed bytes: trustworthy only when the seal is.
  if (record && valid) printRecord(record);
  console.log(
    valid
      ? '\nVALID: the document is intact and sealed by this service.'
      : '\nNOT VALID: the document was changed, is not sealed, or was not sealed by this service.',
  );
};

export const verify: Command = {
  usage: `countersign verify <file.pdf> [--trust <root.pem>] [--online <base_url>] [--json]

Checks a sealed PDF and writes nothing. Trust comes from, in order:
  --trust <root.pem>    the root certificate published at GET /api/v2.0/ledger/trust (PEM; a PUBLIC KEY
                        block in the same file is taken as the ledger's Ed25519 key)
  --online <base_url>   the service itself: its published root and ledger key; then the envelope's last
                        sealed ledger entry is also proven in the service's current tree head, and that
                        head proven to extend the head sealed in the file
  neither               this installation's keys when DATA_DIR or SIGNING_CERT_P12 already hold them
With no trust anchor at all it stops with exit code 2.

Exit code 0: the seal covers the whole file (or, for a PAdES B-LTA seal, only validation data and document
time-stamps that cover the rest follow it), its digest and signature hold, its certificate chains to the
trusted root and the ledger proof in the file holds (and, with --online, the service's). 1: any check fails.
2: usage error (no file, no trust anchor, --online unreachable). docs/verification.md explains each check.`,
  options: { trust: { type: 'string' }, online: { type: 'string' } },
  run: async (args) => {
    const [file, ...extra] = args.positionals;
    if (!file) throw new UsageError('give the PDF file to verify');
    if (extra.length) throw new UsageError(`one file at a time (got ${args.positionals.length})`);
    const bytes = await readPdf(file);
    const online = optionText(args.values.online);
    const trust = await resolveVerifyTrust({ trust: optionText(args.values.trust), online });
    // The file may be anyone's: it is read in a worker, within the same limits as the verify upload.
    const pdf = createPdfPool({ threads: 1 });
    let report: VerifyReport;
    let record: CompletionRecord | undefined;
    try {
      report = await pdf.verify(bytes, { trustedCertificates: trust.roots });
      record = report.valid ? await pdf.readCompletionRecord(bytes) : undefined;
    } finally {
      await pdf.close();
    }
    const checks = report.valid ? [...report.checks, ...(await ledgerChecks(record, trust, online))] : report.checks;
    const valid = checks.every((check) => check.ok);
    const sha256 = sha256Hex(bytes);
    if (args.json)
      console.log(
        JSON.stringify({
          file,
          sha256,
          valid,
          trust: trust.source,
          checks,
          signer: report.signer,
          signed_at: report.signedAt,
          timestamped: report.timestamped,
          envelope: valid ? (record ?? null) : null,
        }),
      );
    else printReport(file, sha256, trust, report, checks, record);
    return valid ? 0 : 1;
  },
};
