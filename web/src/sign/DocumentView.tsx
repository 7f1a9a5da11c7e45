import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { useEffect, useState, type ReactNode } from 'react';
import { loadPdf } from '../shared/pdf-loader.js';
import { PdfPageView, scaleOf } from './PdfPageView.js';
import type { SignedField } from './SignedFieldOverlay.js';
import type { SigningField } from './signing-types.js';
import { useTranslation } from './i18n.js';

interface DocumentViewProps {
  name: string;
  /** Fetches the PDF bytes; the caller knows the token. */
  loadBytes: () => Promise<ArrayBuffer>;
  fields: SigningField[];
  width: number;
  renderField: (field: SigningField, scale: number) => ReactNode;
  /** Other signers' completed fields on this document, drawn under this signer's. */
  signedFields: SignedField[];
  renderSigned: (signed: SignedField, scale: number) => ReactNode;
  onLoadError: (error: unknown) => void;
  /** The PDF arrived (for a viewer, fetching every document is what completes their step). */
  onLoaded?: () => void;
}

const loadPages = async (pdf: PDFDocumentProxy): Promise<PDFPageProxy[]> =>
  Promise.all(Array.from({ length: pdf.numPages }, (_, index) => pdf.getPage(index + 1)));

/** A document's pages one under the other, each with the signer's fields on it. */
export function DocumentView({
  name,
  loadBytes,
  fields,
  width,
  renderField,
  signedFields,
  renderSigned,
  onLoadError,
  onLoaded,
}: DocumentViewProps) {
  const [pages, setPages] = useState<PDFPageProxy[] | null>(null);

  // Loaded once per mount: the callbacks changing identity is no reason to fetch the PDF again.
  useEffect(() => {
    let cancelled = false;
    const loading = loadBytes().then(loadPdf);
    loading
      .then(loadPages)
      .then((all) => {
        if (cancelled) return;
        setPages(all);
        onLoaded?.();
      })
      .catch((error: unknown) => {
        if (!cancelled) onLoadError(error);
      });
    return () => {
      cancelled = true;
      loading.then((pdf) => pdf.destroy()).catch(() => undefined);
    };
  }, []);

  const { t } = useTranslation();
  return (
    <section className="document" aria-label={t('sign.document.label', { name })}>
      <h2 className="document-name">{name}</h2>
      {pages === null ? (
        <p className="document-loading" role="status">
          {t('sign.document.loading', { name })}
        </p>
      ) : (
        pages.map((page, index) => (
          <PdfPageView
            key={index}
            page={page}
            width={width}
            label={t('sign.document.page', { name, page: index + 1, pages: pages.length })}
          >
            {signedFields.filter(({ field }) => field.page === index + 1).map((signed) => renderSigned(signed, scaleOf(page, width)))}
            {fields.filter((field) => field.page === index + 1).map((field) => renderField(field, scaleOf(page, width)))}
          </PdfPageView>
        ))
      )}
    </section>
  );
}
