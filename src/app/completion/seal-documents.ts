import { DEFAULT_LANGUAGE, type Language } from '../../domain/language.js';
import { readAccount } from '../../infra/db/tables/accounts-table.js';
import type { CompletionRecord, SealedLedgerProof } from '@countersign/verify';
import type { EmbeddedFile } from '../../infra/pdf/completion-record.js';
import type { PageInfo } from '../../infra/pdf/intake.js';
import type { SealingOptions } from '../../infra/pdf/pdf-pool.js';
import type { AppContext } from '../context.js';
import { certificateInput, verificationUrl } from './certificate-input.js';
import type { EnvelopeRecord } from './envelope-record.js';
import { fieldStamps } from './field-stamps.js';
import { stampedFields } from './stamped-fields.js';
import { sealedLedgerProof } from './sealed-ledger-proof.js';

export interface SealedFile {
  bytes: Uint8Array;
  sha256: string;
}

/** The certificate as sealing makes it: its pages described in the worker, for the documents table. */
export interface SealedCertificate extends SealedFile {
  pages: PageInfo[];
}

export interface SealedEnvelope<Certificate extends SealedFile = SealedFile> {
  /** Aligned with the record's documents. */
  documents: SealedFile[];
  certificate: Certificate;
}

interface SealingRun {
  record: EnvelopeRecord;
  ledgerHeadHash: string;
  completedAt: Date;
}

/**
 * A run once the proof that the ledger holds its last entry is at hand (every file carries the same
 * one, and every document the same signers' attachments), with the account's default language,
 * which words the certificate outside the recipients' blocks.
 */
type ProvenRun = SealingRun & { ledgerProof: SealedLedgerProof; attachments: EmbeddedFile[]; language: Language };

/** The record every sealed file carries inside its signed bytes (see completion-record.ts). */
const completionRecordOf = (ctx: AppContext, { record, ledgerHeadHash, completedAt, ledgerProof }: ProvenRun): CompletionRecord => ({
  envelope_id: record.envelope.id,
  envelope_name: record.envelope.name,
  completed_at: completedAt.toISOString(),
  ledger_head_hash: ledgerHeadHash,
  verification_url: verificationUrl(ctx.config.publicUrl, record.envelope.id),
  // Those whose signature is in the documents: not approvers or viewers, nor group members who were not needed.
  signers: record.recipients.filter((r) => r.status === 'Signed').map((r) => ({ name: r.name, email: r.email, signed_at: r.signedAt })),
  ledger_proof: ledgerProof,
});

/** The sealing identity the workers load for themselves: the one the service loaded at start (keys.ts). */
const sealingOptions = (ctx: AppContext): SealingOptions => ({
  identity: {
    dataDir: ctx.config.dataDir,
    ...(ctx.config.signingCert ? { p12Path: ctx.config.signingCert.p12Path, p12Password: ctx.config.signingCert.password } : {}),
  },
  ...(ctx.config.tsaUrl ? { tsaUrl: ctx.config.tsaUrl } : {}),
});

/** The signers' attachments with their bytes, to embed in every sealed document. */
const embeddedAttachments = async (ctx: AppContext, record: EnvelopeRecord): Promise<EmbeddedFile[]> => {
  const files: EmbeddedFile[] = [];
  for (const attachment of record.attachments) {
    const bytes = await ctx.blobs.get(attachment.sha256);
    if (!bytes) throw new Error(`The bytes of attachment ${attachment.id} are missing`);
    files.push({
      name: attachment.name,
      bytes,
      mimeType: attachment.contentType,
      description: `Uploaded by ${attachment.uploadedBy}; SHA-256 ${attachment.sha256}`,
      createdAt: attachment.createdAt,
    });
  }
  return files;
};

const stored = async (ctx: AppContext, bytes: Uint8Array): Promise<SealedFile> => ({ bytes, sha256: await ctx.blobs.put(bytes) });

/**
 * One document, in a PDF worker: its field values stamped in, the certificate pages appended (with
 * the verification QR code when asked, so it is in the sealed file once), the completion record
 * attached, then the seal.
 */
const sealDocument = async (ctx: AppContext, run: ProvenRun, index: number): Promise<SealedFile> => {
  const { record } = run;
  const document = record.documents[index]!;
  const original = await ctx.blobs.get(document.sha256);
  if (!original) throw new Error(`The bytes of document ${document.id} are missing`);
  const sealed = await ctx.pdf.sealDocument(
    {
      original,
      stamps: fieldStamps(
        stampedFields(record.fields, record.recipients).filter((f) => f.document === document.position),
        record.signatures,
        new Map(record.recipients.map((r) => [r.id, r.language])),
        new Map(record.attachments.map((a) => [a.id, a.name])),
      ),
      certificate: certificateInput(record, {
        publicUrl: ctx.config.publicUrl,
        ledgerHeadHash: run.ledgerHeadHash,
        completedAt: run.completedAt,
        documents: record.documents.map((d) => ({ name: d.name, sha256Original: d.sha256, sha256Sealed: null })),
        language: run.language,
      }),
      record: completionRecordOf(ctx, run),
      attachments: run.attachments,
    },
    sealingOptions(ctx),
  );
  return stored(ctx, sealed);
};

/** The standalone certificate of completion: it can state the sealed hashes, the documents being sealed already. */
const sealCertificate = async (ctx: AppContext, run: ProvenRun, sealed: SealedFile[]): Promise<SealedCertificate> => {
  const documents = run.record.documents.map((d, i) => ({ name: d.name, sha256Original: d.sha256, sha256Sealed: sealed[i]!.sha256 }));
  const certificate = certificateInput(run.record, {
    publicUrl: ctx.config.publicUrl,
    ledgerHeadHash: run.ledgerHeadHash,
    completedAt: run.completedAt,
    documents,
    language: run.language,
  });
  const { bytes, pages } = await ctx.pdf.sealCertificate({ certificate, record: completionRecordOf(ctx, run) }, sealingOptions(ctx));
  return { ...(await stored(ctx, bytes)), pages };
};

/** Stamps, certifies and seals every document, and the certificate of completion; stores the sealed bytes. */
export const sealDocuments = async (ctx: AppContext, sealing: SealingRun): Promise<SealedEnvelope<SealedCertificate>> => {
  const run = {
    ...sealing,
    ledgerProof: await sealedLedgerProof(ctx, sealing.record.envelope.id, sealing.ledgerHeadHash),
    attachments: await embeddedAttachments(ctx, sealing.record),
    language: (await readAccount(ctx.db, sealing.record.envelope.accountId))?.defaultLanguage ?? DEFAULT_LANGUAGE,
  };
  const documents: SealedFile[] = [];
  for (const index of run.record.documents.keys()) documents.push(await sealDocument(ctx, run, index));
  return { documents, certificate: await sealCertificate(ctx, run, documents) };
};
