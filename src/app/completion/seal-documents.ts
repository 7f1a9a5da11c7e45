import { addQrCode } from '../../infra/pdf/add-qr-code.js';
import { appendPages } from '../../infra/pdf/append-pages.js';
import { attachCompletionRecord, type CompletionRecord } from '../../infra/pdf/completion-record.js';
import { renderCertificate } from '../../infra/pdf/certificate-page.js';
import { sealPdf } from '../../infra/pdf/seal-pdf.js';
import { stampFields } from '../../infra/pdf/stamp-fields.js';
import type { AppContext } from '../context.js';
import { certificateInput, verificationUrl } from './certificate-input.js';
import type { EnvelopeRecord } from './envelope-record.js';
import { fieldStamps } from './field-stamps.js';

export interface SealedFile {
  bytes: Uint8Array;
  sha256: string;
}

export interface SealedEnvelope {
  /** Aligned with the record's documents. */
  documents: SealedFile[];
  certificate: SealedFile;
}

interface SealingRun {
  record: EnvelopeRecord;
  ledgerHeadHash: string;
  completedAt: Date;
}

/** The record every sealed file carries inside its signed bytes (see completion-record.ts). */
const completionRecordOf = (ctx: AppContext, { record, ledgerHeadHash, completedAt }: SealingRun): CompletionRecord => ({
  envelope_id: record.envelope.id,
  envelope_name: record.envelope.name,
  completed_at: completedAt.toISOString(),
  ledger_head_hash: ledgerHeadHash,
  verification_url: verificationUrl(ctx.config.publicUrl, record.envelope.id),
  signers: record.recipients.filter((r) => r.role === 'signer').map((r) => ({ name: r.name, email: r.email, signed_at: r.signedAt })),
});

const seal = async (ctx: AppContext, run: SealingRun, bytes: Uint8Array): Promise<SealedFile> => {
  const recorded = await attachCompletionRecord(bytes, completionRecordOf(ctx, run));
  const sealed = await sealPdf(recorded, ctx.keys.sealing, ctx.config.tsaUrl ? { tsaUrl: ctx.config.tsaUrl } : {});
  return { bytes: sealed, sha256: await ctx.blobs.put(sealed) };
};

/** One document: its field values stamped in, the certificate page appended, the QR code when asked, then the seal. */
const sealDocument = async (ctx: AppContext, run: SealingRun, index: number): Promise<SealedFile> => {
  const { record } = run;
  const document = record.documents[index]!;
  const original = await ctx.blobs.get(document.sha256);
  if (!original) throw new Error(`The bytes of document ${document.id} are missing`);
  const stamped = await stampFields(
    original,
    fieldStamps(
      record.fields.filter((f) => f.document === document.position),
      record.signatures,
    ),
  );
  const certificate = await renderCertificate(
    certificateInput(record, {
      publicUrl: ctx.config.publicUrl,
      ledgerHeadHash: run.ledgerHeadHash,
      completedAt: run.completedAt,
      documents: record.documents.map((d) => ({ name: d.name, sha256Original: d.sha256, sha256Sealed: null })),
    }),
  );
  let bytes = await appendPages(stamped, certificate);
  if (record.envelope.appendVerificationQrCode) bytes = await addQrCode(bytes, verificationUrl(ctx.config.publicUrl, record.envelope.id));
  return seal(ctx, run, bytes);
};

/** The standalone certificate of completion: it can state the sealed hashes, the documents being sealed already. */
const sealCertificate = async (ctx: AppContext, run: SealingRun, sealed: SealedFile[]): Promise<SealedFile> => {
  const documents = run.record.documents.map((d, i) => ({ name: d.name, sha256Original: d.sha256, sha256Sealed: sealed[i]!.sha256 }));
  const certificate = await renderCertificate(
    certificateInput(run.record, {
      publicUrl: ctx.config.publicUrl,
      ledgerHeadHash: run.ledgerHeadHash,
      completedAt: run.completedAt,
      documents,
    }),
  );
  return seal(ctx, run, certificate);
};

/** Stamps, certifies and seals every document, and the certificate of completion; stores the sealed bytes. */
export const sealDocuments = async (ctx: AppContext, run: SealingRun): Promise<SealedEnvelope> => {
  const documents: SealedFile[] = [];
  for (const index of run.record.documents.keys()) documents.push(await sealDocument(ctx, run, index));
  return { documents, certificate: await sealCertificate(ctx, run, documents) };
};
