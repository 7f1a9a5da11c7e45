import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A successful call: the operation's `data` as structured content, and the same JSON as text for clients that read text only. */
export const dataResult = (data: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(data) }],
  structuredContent: data,
});

/** A refused call: the API's error body as text, whose `errors[].error_code` say why (docs/api/errors.md). */
export const refusal = (body: unknown): CallToolResult => ({ isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] });

/** What the download operation's `data` holds. */
export interface DownloadedData extends Record<string, unknown> {
  content_base64: string;
}

/**
 * A downloaded document: the PDF as an embedded resource (base64), and what describes it (names, ids,
 * whether it is the signed copy) as the structured content and text; the bytes are not repeated there.
 */
export const documentResult = (uri: string, { content_base64: blob, ...about }: DownloadedData): CallToolResult => ({
  content: [
    { type: 'text', text: JSON.stringify(about) },
    { type: 'resource', resource: { uri, mimeType: 'application/pdf', blob } },
  ],
  structuredContent: about,
});
