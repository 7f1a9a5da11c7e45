/** The file a document was converted from, kept as it came (docs/api/conversion.md). */
export interface DocumentOriginal {
  name: string;
  mediaType: string;
  /** Its bytes in the blob store. */
  sha256: string;
}

/** How a row holds it (migration 0028): three columns, null for a document given as PDF. */
export interface OriginalColumns {
  originalName?: string | null;
  originalMediaType?: string | null;
  originalSha256?: string | null;
}

/** The columns of OriginalColumns, for a table's row codec. */
export const ORIGINAL_COLUMNS = {
  originalName: 'original_name',
  originalMediaType: 'original_media_type',
  originalSha256: 'original_sha256',
} as const;

export const originalOf = ({ originalName, originalMediaType, originalSha256 }: OriginalColumns): DocumentOriginal | null =>
  originalName && originalMediaType && originalSha256 ? { name: originalName, mediaType: originalMediaType, sha256: originalSha256 } : null;

export const originalColumns = (original: DocumentOriginal | null | undefined): OriginalColumns =>
  original ? { originalName: original.name, originalMediaType: original.mediaType, originalSha256: original.sha256 } : {};
