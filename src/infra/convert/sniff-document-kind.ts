import { hasPdfHeader } from '../pdf/pdf-header.js';
import type { SniffedDocument } from './document-kind.js';

/** The media types file-type reports for the formats converted to PDF (a macro-enabled Word document is a DOCX whose macros never run). */
const DETECTED: ReadonlyMap<string, SniffedDocument['kind']> = new Map([
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx'],
  ['application/vnd.ms-word.document.macroenabled.12', 'docx'],
  ['application/vnd.oasis.opendocument.text', 'odt'],
  ['application/rtf', 'rtf'],
  ['image/png', 'png'],
  ['image/jpeg', 'jpeg'],
]);

/** How much of a file's start the HTML rule reads, as the WHATWG MIME Sniffing standard's resource header does. */
const HTML_WINDOW = 1445;

/** The tags that make a text HTML (WHATWG MIME Sniffing §7.1, "identifying a resource with an unknown MIME type"). */
const HTML_OPENINGS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<!--',
];

/** The byte after the pattern must end the tag name: a space or `>` (the standard's tag-terminating bytes). */
const TAG_END = /^[\t\n\f\r >]/;

/**
 * Whether text starts, after a UTF-8 byte order mark and white space, with one of the standard's HTML
 * tags. Text has no magic number: this is the rule browsers use on a file served without a type.
 */
export const looksLikeHtml = (bytes: Uint8Array): boolean => {
  const head = Buffer.from(bytes.subarray(0, HTML_WINDOW));
  if (head.includes(0)) return false;
  const text = head
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '')
    .replace(/^[\t\n\f\r ]+/, '')
    .toLowerCase();
  return HTML_OPENINGS.some((opening) => text.startsWith(opening) && TAG_END.test(text.slice(opening.length)));
};

/**
 * What a document is, from its bytes only (never its name): a PDF as the PDF intake reads it, a
 * DOCX, ODT, RTF, PNG or JPEG by file-type's detection, or HTML by the WHATWG rule; undefined for
 * anything else.
 */
export const sniffDocumentKind = async (bytes: Uint8Array): Promise<SniffedDocument | undefined> => {
  if (hasPdfHeader(bytes)) return { kind: 'pdf', mediaType: 'application/pdf' };
  // Loaded with the first document that is not a PDF: most processes never need it.
  const { fileTypeFromBuffer } = await import('file-type');
  // file-type gives up on some hostile archives by throwing: such a file is no format converted here.
  const detected = await fileTypeFromBuffer(bytes).catch(() => ({ mime: 'application/octet-stream' }));
  if (detected) {
    const kind = DETECTED.get(detected.mime);
    return kind ? { kind, mediaType: detected.mime } : undefined;
  }
  return looksLikeHtml(bytes) ? { kind: 'html', mediaType: 'text/html' } : undefined;
};
