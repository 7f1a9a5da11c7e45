import type { AppError, Problem } from '../../domain/app-error.js';
import type { ImageKind } from '../convert/document-kind.js';
import type { SignaturePagesTask } from './append-pages.js';
import type { CertificateInput } from './certificate-page.js';
import type { CompletionRecord, VerifyOptions, VerifyReport } from '@countersign/verify';
import type { EmbeddedFile } from './completion-record.js';
import type { AnchorSearch, findAnchorsOnce } from './find-anchors.js';
import type { InspectOptions, PageInfo, PdfInfo } from './intake.js';
import type { FormFieldImport, FormFieldTask } from './read-form-fields.js';
import type { TextTagReading, TextTagTask } from './find-text-tags.js';
import type { SigningIdentity, SigningIdentityOptions } from './signing-identity.js';
import type { FieldStamp } from './stamp-fields.js';

/**
 * The tasks the PDF worker pool runs (pdf-pool.ts), one exported function each, in worker threads:
 * every parse of a document someone handed us happens here, never on the event loop. Each task
 * imports its modules when it first runs, so a worker that only inspects uploads never loads the
 * sealing or verification code (the certificate library alone is ~20 MB of a worker's memory).
 */

/** An AppError does not survive the trip between threads as a class: it travels as data. */
export type TaskResult<T> = { value: T } | { error: { code: AppError['code']; message: string; problems: Problem[] } };

const settle = async <T>(work: () => Promise<T>): Promise<TaskResult<T>> => {
  try {
    return { value: await work() };
  } catch (error) {
    // Imported the way the tasks' modules are: under tsx (the tests), a worker's static and dynamic
    // imports of one file are two module instances, and only this one's class is what the tasks throw.
    const [{ AppError }, { isPdfTooComplex }] = await Promise.all([import('../../domain/app-error.js'), import('@countersign/verify')]);
    // The verifier package's refusal of a document past the inflate budget is the contract's PDF_TOO_COMPLEX.
    if (isPdfTooComplex(error)) {
      const { code, message } = error;
      return { error: { code, message, problems: [{ code, message }] } };
    }
    if (!(error instanceof AppError)) throw error;
    return { error: { code: error.code, message: error.message, problems: error.problems } };
  }
};

export interface SealingKey {
  identity: SigningIdentityOptions;
  tsaUrl?: string;
}

export interface SealDocumentTask extends SealingKey {
  original: Uint8Array;
  stamps: FieldStamp[];
  /** Carries the verification QR code when the envelope asks for one: the sealed file shows it there, once. */
  certificate: CertificateInput;
  record: CompletionRecord;
  /** The signers' attachments, embedded before the seal. */
  attachments?: EmbeddedFile[];
}

export interface SealCertificateTask extends SealingKey {
  certificate: CertificateInput;
  record: CompletionRecord;
}

const identities = new Map<string, Promise<SigningIdentity>>();

/** Loaded once per worker: the same files the service loaded at start (keys.ts). */
const identityFor = (options: SigningIdentityOptions): Promise<SigningIdentity> => {
  const key = JSON.stringify(options);
  let identity = identities.get(key);
  if (!identity) {
    identity = import('./signing-identity.js').then(({ loadSigningIdentity }) => loadSigningIdentity(options));
    identities.set(key, identity);
  }
  return identity;
};

const sealWithRecord = async (
  bytes: Uint8Array,
  task: SealingKey & { record: CompletionRecord; attachments?: EmbeddedFile[] },
): Promise<Uint8Array> => {
  const [{ attachCompletionRecord }, { sealPdf }] = await Promise.all([import('./completion-record.js'), import('./seal-pdf.js')]);
  const recorded = await attachCompletionRecord(bytes, task.record, task.attachments);
  return sealPdf(recorded, await identityFor(task.identity), task.tsaUrl ? { tsaUrl: task.tsaUrl } : {});
};

export const inspect = (task: { bytes: Uint8Array; options: InspectOptions }): Promise<TaskResult<PdfInfo>> =>
  settle(async () => (await import('./intake.js')).inspectPdf(task.bytes, task.options));

export const anchors = (task: AnchorSearch): Promise<TaskResult<Awaited<ReturnType<typeof findAnchorsOnce>>>> =>
  settle(async () => (await import('./find-anchors.js')).findAnchorsOnce(task));

/** A document's form fields, and the document without them (read-form-fields.ts). */
export const formFields = (task: FormFieldTask): Promise<TaskResult<FormFieldImport>> =>
  settle(async () => (await import('./read-form-fields.js')).importFormFields(task));

/** A document's text tags, and the document with them erased (find-text-tags.ts). */
export const textTags = (task: TextTagTask): Promise<TaskResult<TextTagReading>> =>
  settle(async () => (await import('./find-text-tags.js')).readTextTags(task));

/** One document: its field values stamped in, the certificate pages appended (QR code included when asked), the record, the seal. */
export const sealDocument = (task: SealDocumentTask): Promise<TaskResult<Uint8Array>> =>
  settle(async () => {
    const [{ stampFields }, { appendPages }, { renderCertificate }] = await Promise.all([
      import('./stamp-fields.js'),
      import('./append-pages.js'),
      import('./certificate-page.js'),
    ]);
    const stamped = await stampFields(task.original, task.stamps);
    const bytes = await appendPages(stamped, await renderCertificate(task.certificate));
    return sealWithRecord(bytes, task);
  });

/** The certificate of completion, sealed, with its pages described for the documents table. */
export const sealCertificate = (task: SealCertificateTask): Promise<TaskResult<{ bytes: Uint8Array; pages: PageInfo[] }>> =>
  settle(async () => {
    const [{ renderCertificate }, { inspectPdf }] = await Promise.all([import('./certificate-page.js'), import('./intake.js')]);
    const bytes = await sealWithRecord(await renderCertificate(task.certificate), task);
    return { bytes, pages: (await inspectPdf(bytes)).pages };
  });

/** The document with signature pages appended, and its pages described again. */
export const signaturePages = (task: SignaturePagesTask): Promise<TaskResult<{ bytes: Uint8Array; pages: PageInfo[] }>> =>
  settle(async () => {
    const [{ appendSignaturePages }, { inspectPdf }] = await Promise.all([import('./append-pages.js'), import('./intake.js')]);
    const bytes = await appendSignaturePages(task);
    return { bytes, pages: (await inspectPdf(bytes)).pages };
  });

/** A PNG or JPEG placed on a page of its own: a document converted from a picture (docs/api/conversion.md). */
export const imagePdf = (task: { kind: ImageKind; bytes: Uint8Array }): Promise<TaskResult<Uint8Array>> =>
  settle(async () => (await import('../convert/image-pdf.js')).imagePdf(task.kind, task.bytes));

export const verify = (task: { bytes: Uint8Array; options: VerifyOptions }): Promise<TaskResult<VerifyReport>> =>
  settle(async () => (await import('@countersign/verify')).verifySealedPdf(task.bytes, task.options));

export const completionRecord = (task: { bytes: Uint8Array }): Promise<TaskResult<CompletionRecord | undefined>> =>
  settle(async () => (await import('@countersign/verify')).readCompletionRecord(task.bytes));
