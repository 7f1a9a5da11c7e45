const PDF_HEADER = '%PDF-';
/** Producers may put junk before the header; readers accept it within the first KiB (ISO 32000-2 §7.5.2 note). */
const HEADER_SEARCH_WINDOW = 1024;

/**
 * Whether the bytes begin like a PDF, as readers accept it. A file of its own: the main thread sniffs uploads
 * with it and must not load the PDF library to do so (docs/operations/scaling.md "Memory").
 */
export const hasPdfHeader = (bytes: Uint8Array): boolean =>
  Buffer.from(bytes.subarray(0, HEADER_SEARCH_WINDOW)).includes(PDF_HEADER, 0, 'latin1');
