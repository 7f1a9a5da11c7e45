import { Type } from 'typebox';
import type { DocumentOriginal } from '../../../app/documents/convert-document.js';
import { Text } from '../../schema-kit.js';

/** `original` of a listed document (docs/api/conversion.md): always present, null for a document given as PDF. */
export const OriginalFile = Type.Union(
  [
    Type.Object({
      name: Text(255, { description: 'The file name it was sent with' }),
      media_type: Text(100, { description: 'Read from its content, never its name' }),
      sha256: Text(64, { pattern: '^[0-9a-f]{64}$' }),
    }),
    Type.Null(),
  ],
  {
    description:
      'The file the document was converted from (DOCX, ODT, RTF, HTML, PNG or JPEG), kept as it came; null when the document was given as a PDF. Downloads give the converted PDF.',
  },
);

export const presentOriginal = (original: DocumentOriginal | null | undefined) =>
  original ? { name: original.name, media_type: original.mediaType, sha256: original.sha256 } : null;

/** The same from a document row, which holds it in three columns. */
export const presentOriginalOf = (row: {
  originalName?: string | null;
  originalMediaType?: string | null;
  originalSha256?: string | null;
}) =>
  row.originalName && row.originalMediaType && row.originalSha256
    ? presentOriginal({ name: row.originalName, mediaType: row.originalMediaType, sha256: row.originalSha256 })
    : null;

/** An example of a converted document's `original`. */
export const originalExample = {
  name: 'Employment contract.docx',
  media_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  sha256: '3b9a4f0c2d7e18a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2',
};
