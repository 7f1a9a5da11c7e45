import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useState } from 'react';
import { loadPdf } from '../shared/pdf-loader.js';

/** A document the editor shows; `key` stays the same for the same file, so it is parsed once. */
export interface EditorDocument {
  key: string;
  name: string;
  load: () => Promise<ArrayBuffer>;
}

export interface LoadedDocument {
  key: string;
  name: string;
  pages: PDFPageProxy[];
}

export type PdfPagesState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; documents: LoadedDocument[] };

const parsed = new Map<string, Promise<{ pdf: PDFDocumentProxy; pages: PDFPageProxy[] }>>();

/** Parses a document once per key and keeps its pages for as long as the page lives. */
const pagesOf = (document: EditorDocument) => {
  let loading = parsed.get(document.key);
  if (!loading) {
    loading = document
      .load()
      .then((bytes) => loadPdf(bytes))
      .then(async (pdf) => ({
        pdf,
        pages: await Promise.all(Array.from({ length: pdf.numPages }, (_, index) => pdf.getPage(index + 1))),
      }));
    loading.catch(() => parsed.delete(document.key));
    parsed.set(document.key, loading);
  }
  return loading;
};

/** Every page of every document, in order; the documents' keys decide when to load again. */
export const usePdfPages = (documents: readonly EditorDocument[]): PdfPagesState => {
  const [state, setState] = useState<PdfPagesState>({ status: 'loading' });
  const keys = documents.map((document) => document.key).join('|');

  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    Promise.all(documents.map(async (document) => ({ key: document.key, name: document.name, pages: (await pagesOf(document)).pages })))
      .then((loaded) => current && setState({ status: 'ready', documents: loaded }))
      .catch((error: unknown) => {
        if (current) setState({ status: 'failed', message: error instanceof Error ? error.message : 'The PDF could not be shown.' });
      });
    return () => {
      current = false;
    };
    // The keys identify the documents: a new array holding the same files must not reload them.
  }, [keys]);

  return state;
};

/** A page's size in points as displayed, /Rotate applied, as the service measures fields. */
export const sizeOf = (page: PDFPageProxy): { width: number; height: number } => {
  const viewport = page.getViewport({ scale: 1 });
  return { width: viewport.width, height: viewport.height };
};
