/** The URIs of an account's envelopes and their documents as MCP resources (docs/api/mcp.md). */
const SCHEME = 'countersign://envelopes/';

export const ENVELOPE_URI_TEMPLATE = `${SCHEME}{envelope_id}`;
export const DOCUMENT_URI_TEMPLATE = `${SCHEME}{envelope_id}/documents/{document_id}`;

export const envelopeUri = (envelopeId: string): string => `${SCHEME}${encodeURIComponent(envelopeId)}`;

export const documentUri = (envelopeId: string, documentId: string): string =>
  `${envelopeUri(envelopeId)}/documents/${encodeURIComponent(documentId)}`;

const RESOURCE_URI = /^countersign:\/\/envelopes\/([^/?#]+)(?:\/documents\/([^/?#]+))?$/;

/** The ids a resource URI names, undefined when it names none of ours; the ids are checked by the operation that reads them. */
export const parseResourceUri = (uri: string): { envelopeId: string; documentId?: string } | undefined => {
  const [, envelopeId, documentId] = RESOURCE_URI.exec(uri) ?? [];
  if (envelopeId === undefined) return undefined;
  try {
    return {
      envelopeId: decodeURIComponent(envelopeId),
      ...(documentId === undefined ? {} : { documentId: decodeURIComponent(documentId) }),
    };
  } catch {
    return undefined;
  }
};
