import { readFile } from 'node:fs/promises';
import { loadServiceKeys } from '../../infra/keys.js';
import { loadConfig } from '../../config.js';
import { sha256Hex } from '../../infra/hash.js';
import type { CompletionRecord } from '../../infra/pdf/completion-record.js';
import { createPdfPool } from '../../infra/pdf/pdf-pool.js';
import type { VerifyReport } from '../../infra/pdf/verify-pdf.js';
import { UsageError, type Command } from '../command.js';

const readPdf = async (path: string): Promise<Buffer> => {
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageError(
      `cannot read ${path}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
};

const printRecord = (record: CompletionRecord) => {
  console.log(`\nenvelope  ${record.envelope_name} (${record.envelope_id})`);
  console.log(`completed ${record.completed_at}`);
  for (const signer of record.signers) console.log(`signer    ${signer.name} <${signer.email}> signed ${signer.signed_at ?? '—'}`);
  console.log(`ledger    ${record.ledger_head_hash}\nverify at ${record.verification_url}`);
};

const printReport = (file: string, sha256: string, report: VerifyReport, record: CompletionRecord | undefined) => {
  console.log(`${file}\nsha256  ${sha256}\n`);
  for (const check of report.checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  if (report.signer)
    console.log(
      `\nsealed by ${report.signer.subject}${report.signedAt ? ` at ${report.signedAt}` : ''}${report.timestamped ? ' (time-stamped)' : ''}`,
    );
  // The record is inside the signed bytes: trustworthy only when the seal is.
  if (record && report.valid) printRecord(record);
  console.log(
    report.valid
      ? '\nVALID: the document is intact and sealed by this service.'
      : '\nNOT VALID: the document was changed, is not sealed, or was not sealed by this service.',
  );
};

export const verify: Command = {
  usage: `countersign verify <file.pdf> [--json]

Exit code 0: the seal covers the whole file, its digest and signature hold and its certificate chains to
this service's root (from DATA_DIR, or SIGNING_CERT_P12). 1: it does not. 2: usage error.
A valid file's envelope, signers and signing times are printed from the record sealed inside it.`,
  options: {},
  run: async (args) => {
    const [file, ...extra] = args.positionals;
    if (!file) throw new UsageError('give the PDF file to verify');
    if (extra.length) throw new UsageError(`one file at a time (got ${args.positionals.length})`);
    const bytes = await readPdf(file);
    const config = loadConfig();
    const trustAnchor = (await loadServiceKeys(config)).trustAnchor;
    // The file may be anyone's: it is read in a worker, within the same limits as the verify upload.
    const pdf = createPdfPool({ threads: 1 });
    let report: VerifyReport;
    let record: CompletionRecord | undefined;
    try {
      report = await pdf.verify(bytes, { trustedCertificates: [trustAnchor] });
      record = report.valid ? await pdf.readCompletionRecord(bytes) : undefined;
    } finally {
      await pdf.close();
    }
    const sha256 = sha256Hex(bytes);
    if (args.json)
      console.log(
        JSON.stringify({
          file,
          sha256,
          valid: report.valid,
          checks: report.checks,
          signer: report.signer,
          signed_at: report.signedAt,
          timestamped: report.timestamped,
          envelope: record ?? null,
        }),
      );
    else printReport(file, sha256, report, record);
    return report.valid ? 0 : 1;
  },
};
