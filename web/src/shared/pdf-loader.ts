import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// A same-origin worker file, as the page's CSP (worker-src 'self') requires.
GlobalWorkerOptions.workerSrc = workerUrl;

/** Parses PDF bytes; eval stays off because the page's CSP forbids it (and probing it logs a violation). */
export const loadPdf = (bytes: ArrayBuffer): Promise<PDFDocumentProxy> =>
  getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
