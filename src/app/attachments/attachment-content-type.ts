import { AppError } from '../../domain/app-error.js';

const DETECTED_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
]);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text has no magic number: valid UTF-8 without NUL bytes is the best evidence there is. */
const isPlainText = (bytes: Uint8Array): boolean => {
  if (bytes.includes(0)) return false;
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** What a signer may upload for an attachment field (docs/concepts/recipients.md). */
const SIGNER_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg']);

/** The media type of a signer's upload, read from its bytes: PDF, PNG or JPEG; anything else is UNSUPPORTED_FILE_TYPE. */
export const signerAttachmentContentType = async (bytes: Uint8Array, name: string): Promise<string> => {
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && SIGNER_TYPES.has(detected.mime)) return detected.mime;
  throw new AppError(
    'UNSUPPORTED_FILE_TYPE',
    `"${name}" is ${detected ? detected.mime : 'not a recognised file type'}; upload a PDF, PNG or JPEG file.`,
    { field: 'file' },
  );
};

/**
 * The media type of an attachment, read from its bytes (never its name): PDF, PNG, JPEG, DOCX,
 * XLSX or plain text; anything else is UNSUPPORTED_FILE_TYPE.
 */
export const attachmentContentType = async (bytes: Uint8Array, name: string): Promise<string> => {
  // Loaded with the first attachment: most processes never sniff one.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes);
  if (detected && DETECTED_TYPES.has(detected.mime)) return detected.mime;
  if (!detected && isPlainText(bytes)) return 'text/plain';
  throw new AppError(
    'UNSUPPORTED_FILE_TYPE',
    `"${name}" is ${detected ? detected.mime : 'not a supported file type'}; attach PDF, PNG, JPEG, plain text, DOCX or XLSX.`,
  );
};
