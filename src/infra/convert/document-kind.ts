/** The formats a document may come in (docs/api/conversion.md); every one but PDF is converted to PDF first. */
export type DocumentKind = 'pdf' | 'docx' | 'odt' | 'rtf' | 'html' | 'png' | 'jpeg';

export type ConvertibleKind = Exclude<DocumentKind, 'pdf'>;

/** What LibreOffice converts; images are placed on pages in the PDF workers instead. */
export type OfficeKind = Extract<ConvertibleKind, 'docx' | 'odt' | 'rtf' | 'html'>;

export type ImageKind = Extract<ConvertibleKind, 'png' | 'jpeg'>;

/** A file's format as read from its bytes, and the media type it is listed with. */
export interface SniffedDocument {
  kind: DocumentKind;
  mediaType: string;
}

/** The format's name as people know it, for messages. */
export const KIND_NAMES: Record<DocumentKind, string> = {
  pdf: 'PDF',
  docx: 'DOCX',
  odt: 'ODT',
  rtf: 'RTF',
  html: 'HTML',
  png: 'PNG',
  jpeg: 'JPEG',
};

export const isImageKind = (kind: ConvertibleKind): kind is ImageKind => kind === 'png' || kind === 'jpeg';
