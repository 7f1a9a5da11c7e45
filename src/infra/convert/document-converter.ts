import { availableParallelism } from 'node:os';
import type { ConverterSetting } from '../../config.js';
import { AppError } from '../../domain/app-error.js';
import type { PdfPool } from '../pdf/pdf-pool.js';
import { ConversionSlots } from './conversion-slots.js';
import { isImageKind, KIND_NAMES, type ConvertibleKind, type OfficeKind } from './document-kind.js';
import { createLibreOffice, type LibreOffice, type LibreOfficeOptions } from './libreoffice.js';
import { checkOfficeArchive } from './office-archive.js';
import { rtfGroupProblem } from './rtf-groups.js';

export interface ConverterOptions {
  converter: ConverterSetting;
  timeoutSeconds: number;
  memoryMb: number;
  /** The largest PDF a conversion may give. */
  maxOutputBytes: number;
  /** See LibreOfficeOptions.networkNamespace. */
  networkNamespace?: LibreOfficeOptions['networkNamespace'];
}

/** Turns documents of the other formats into PDF (docs/api/conversion.md). */
export interface DocumentConverter {
  /**
   * The PDF of a document that is not one. Answers 400 CONVERSION_FAILED for a file whose structure
   * is broken whether or not LibreOffice is installed, 415 CONVERSION_UNAVAILABLE when an office
   * format cannot be converted here, 503 SERVICE_UNAVAILABLE when every converter is busy.
   */
  toPdf(kind: ConvertibleKind, mediaType: string, bytes: Uint8Array): Promise<Uint8Array>;
  /** Stops the conversions still running. */
  close(): void;
}

/** How many conversions may wait for a slot, per slot, before another is refused. */
const WAITING_PER_SLOT = 4;

const PACKAGE = 'libreoffice-writer-nogui';

const unavailable = (kind: OfficeKind, converter: ConverterSetting): AppError =>
  new AppError(
    'CONVERSION_UNAVAILABLE',
    converter.kind === 'off'
      ? `Converting ${KIND_NAMES[kind]} documents to PDF is turned off on this service (CONVERTER=off); upload a PDF, or ask its operator to install LibreOffice (Debian package ${PACKAGE}) and enable it.`
      : `Converting ${KIND_NAMES[kind]} documents to PDF needs LibreOffice, which is not installed on this service; upload a PDF, or ask its operator to install the Debian package ${PACKAGE}.`,
  );

/** The checks of a file's structure that need no converter: a broken file is refused the same with one or without. */
const checkStructure = async (kind: OfficeKind, bytes: Uint8Array): Promise<void> => {
  if (kind === 'docx' || kind === 'odt') await checkOfficeArchive(bytes, kind);
  if (kind === 'rtf') {
    const problem = rtfGroupProblem(bytes);
    if (problem) throw new AppError('CONVERSION_FAILED', `The RTF document is broken: ${problem}.`);
  }
};

/** Images become pages in the PDF workers; office formats and HTML go to LibreOffice, once their structure is checked. */
export const createDocumentConverter = (options: ConverterOptions, pdf: Pick<PdfPool, 'imagePdf'>): DocumentConverter => {
  const { converter } = options;
  let office: LibreOffice | undefined;
  if (converter.kind === 'soffice') {
    const slots = availableParallelism();
    office = createLibreOffice({
      soffice: converter.path,
      timeoutMs: options.timeoutSeconds * 1000,
      memoryBytes: options.memoryMb * 1024 * 1024,
      maxOutputBytes: options.maxOutputBytes,
      slots: new ConversionSlots(slots, slots * WAITING_PER_SLOT, options.timeoutSeconds),
      ...(options.networkNamespace ? { networkNamespace: options.networkNamespace } : {}),
    });
  }
  return {
    toPdf: async (kind, mediaType, bytes) => {
      if (isImageKind(kind)) return pdf.imagePdf(kind, bytes);
      await checkStructure(kind, bytes);
      if (!office) throw unavailable(kind, converter);
      return office.convert(kind, mediaType, bytes);
    },
    close: () => office?.close(),
  };
};
