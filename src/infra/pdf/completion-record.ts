import { PDF } from '@libpdf/core';
import { COMPLETION_RECORD_NAME, type CompletionRecord } from '@countersign/verify';

/** A file to carry inside the sealed PDF: a signer's attachment (docs/concepts/recipients.md). */
export interface EmbeddedFile {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
  description: string;
  createdAt: string;
}

/** Embedded files are keyed by name: a second "scan.pdf" becomes "scan (2).pdf", and nothing takes the record's name. */
const uniqueName = (name: string, taken: Set<string>): string => {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate);
  return candidate;
};

/**
 * Adds the completion record, and the signers' files, as embedded files (the document's
 * EmbeddedFiles name tree): done before the seal, so the seal covers them.
 */
export const attachCompletionRecord = async (
  bytes: Uint8Array,
  record: CompletionRecord,
  files: readonly EmbeddedFile[] = [],
): Promise<Uint8Array> => {
  const pdf = await PDF.load(bytes);
  const taken = new Set([COMPLETION_RECORD_NAME]);
  for (const file of files) {
    const createdAt = new Date(file.createdAt);
    pdf.addAttachment(uniqueName(file.name, taken), file.bytes, {
      mimeType: file.mimeType,
      description: file.description,
      createdAt,
      modifiedAt: createdAt,
      overwrite: true,
    });
  }
  pdf.addAttachment(COMPLETION_RECORD_NAME, new TextEncoder().encode(JSON.stringify(record, null, 2)), {
    mimeType: 'application/json',
    description: 'Countersign completion record',
    overwrite: true,
  });
  return pdf.save();
};
