import {
  ErrorCode,
  McpError,
  type ListResourcesResult,
  type ReadResourceResult,
  type ResourceTemplate,
} from '@modelcontextprotocol/sdk/types.js';
import type { OperationAnswer } from '../../operation-dispatch.js';
import { MCP_TOOLS } from './mcp-tools.js';
import { DOCUMENT_URI_TEMPLATE, ENVELOPE_URI_TEMPLATE, envelopeUri, parseResourceUri } from './resource-uris.js';
import { dataOf, operationFor, type Dispatch } from './tool-call.js';
import type { DownloadedData } from './tool-results.js';

/** The MCP specification's code for a resource that does not exist (or, here, is another account's). */
const RESOURCE_NOT_FOUND = -32002;
const PAGE_SIZE = 100;

export const RESOURCE_TEMPLATES: ResourceTemplate[] = [
  {
    uriTemplate: ENVELOPE_URI_TEMPLATE,
    name: 'envelope',
    title: 'Envelope details',
    description: "An envelope's details as get_envelope answers them: status, documents, recipients and their progress.",
    mimeType: 'application/json',
  },
  {
    uriTemplate: DOCUMENT_URI_TEMPLATE,
    name: 'document',
    title: 'Envelope document',
    description:
      'A document of an envelope as a PDF: its signed copy once there is one, else the original (`certificate`: the certificate of completion).',
    mimeType: 'application/pdf',
  },
];

const toolNamed = (name: string) => MCP_TOOLS.find((tool) => tool.name === name)!;
const getEnvelope = toolNamed('get_envelope');
const downloadDocument = toolNamed('download_document');
const listEnvelopes = toolNamed('list_envelopes');

/** A refused read as a JSON-RPC error: the API's error body as its data, its codes in the message. */
const refusedRead = (answer: OperationAnswer, uri: string): McpError => {
  const body = answer.body as { message: string; errors: { error_code: string }[] };
  const codes = body.errors.map((error) => error.error_code).join(', ');
  const code = answer.status === 404 ? RESOURCE_NOT_FOUND : answer.status === 400 ? ErrorCode.InvalidParams : ErrorCode.InternalError;
  return new McpError(code, `${body.message} (${codes}): ${uri}`, body);
};

/** Reads an envelope's details or one of its documents through the same operations as the tools. */
export const readResource = async (dispatch: Dispatch, uri: string): Promise<ReadResourceResult> => {
  const target = parseResourceUri(uri);
  if (!target)
    throw new McpError(RESOURCE_NOT_FOUND, `No resource ${uri}: the resources are ${ENVELOPE_URI_TEMPLATE} and ${DOCUMENT_URI_TEMPLATE}.`);
  const { envelopeId, documentId } = target;
  const answer = await dispatch(
    documentId === undefined
      ? operationFor(getEnvelope, { envelope_id: envelopeId })
      : operationFor(downloadDocument, { envelope_id: envelopeId, document_id: documentId, signed_only: false }),
  );
  if (answer.status >= 400) throw refusedRead(answer, uri);
  if (documentId === undefined) return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(dataOf(answer)) }] };
  return { contents: [{ uri, mimeType: 'application/pdf', blob: (dataOf(answer) as DownloadedData).content_base64 }] };
};

interface EnvelopePage {
  envelopes: { envelope_id: string; name: string; status: string; created_at: string }[];
  page: number;
  total: number;
}

/** The account's envelopes as resources, newest first; the cursor is the next page's number. */
export const listEnvelopeResources = async (dispatch: Dispatch, cursor: string | undefined): Promise<ListResourcesResult> => {
  if (cursor !== undefined && !/^[1-9][0-9]{0,5}$/.test(cursor)) throw new McpError(ErrorCode.InvalidParams, `Invalid cursor "${cursor}".`);
  const answer = await dispatch(operationFor(listEnvelopes, { page: Number(cursor ?? 1), page_size: PAGE_SIZE }));
  if (answer.status >= 400) throw refusedRead(answer, 'resources/list');
  const { envelopes, page, total } = dataOf(answer) as unknown as EnvelopePage;
  return {
    resources: envelopes.map((envelope) => ({
      uri: envelopeUri(envelope.envelope_id),
      name: envelope.envelope_id,
      title: envelope.name,
      description: `${envelope.status}, created ${envelope.created_at}`,
      mimeType: 'application/json',
    })),
    ...(page * PAGE_SIZE < total ? { nextCursor: String(page + 1) } : {}),
  };
};
