import { Type } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { downloadDocument, type DownloadedDocument } from '../../../app/envelopes/download-document.js';
import { callerOf, type App } from '../../app-type.js';
import { originOf } from '../../request-origin.js';
import { BytesExample, Example, errorExample } from '../../openapi-examples.js';
import { Id, Ok, Strict, Text, errorResponses } from '../../schema-kit.js';
import { EnvelopeIdParams } from './envelope-id-params.js';

export const DownloadParams = Strict({
  ...EnvelopeIdParams.properties,
  documentId: Text(64, {
    minLength: 1,
    pattern: '^[A-Za-z0-9_-]+$',
    description: 'A document_id, or `certificate` for the certificate of completion',
  }),
});

export const DownloadQuery = Strict({
  signed_only: Type.Optional(Type.Boolean({ description: 'Default true: only the signed copy, once the envelope is Completed' })),
});

const DownloadedJson = Type.Object({
  envelope_id: Id('env'),
  name: Text(255),
  document_id: Id('doc'),
  document_name: Text(255),
  signed: Type.Boolean(),
  content_base64: Text(70_000_000, { contentEncoding: 'base64' }),
});

const PdfBytes = Type.String({ format: 'binary', maxLength: 52_428_800, description: 'The PDF itself' });

const wantsPdf = (accept: string | undefined) => accept?.toLowerCase().includes('application/pdf') ?? false;

/** `filename` for old clients (ASCII, no quotes), `filename*` (RFC 6266) for the exact name. */
const attachmentHeader = (name: string) => {
  const fileName = name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

const presentJson = (document: DownloadedDocument) => ({
  envelope_id: document.envelopeId,
  name: document.envelopeName,
  document_id: document.documentId,
  document_name: document.documentName,
  signed: document.signed,
  content_base64: Buffer.from(document.bytes).toString('base64'),
});

export const downloadDocumentRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/envelopes/:envelopeId/:documentId/download',
    {
      schema: {
        operationId: 'downloadDocument',
        summary: 'Download a document of an envelope, or its certificate of completion',
        description:
          'JSON with `content_base64`, or the raw PDF with `Accept: application/pdf`. `signed_only=false` returns the signed copy when there is one, else the original. Every download is recorded in the ledger.',
        tags: ['Envelopes'],
        params: DownloadParams,
        querystring: DownloadQuery,
        response: {
          200: {
            description: 'The document',
            content: {
              'application/json': {
                schema: Example(Ok(DownloadedJson), {
                  message: 'Document downloaded.',
                  data: {
                    envelope_id: 'env_8fKq2LmZ4xR7tB1vN9cW3g',
                    name: 'Employment contract – Ada Lovelace',
                    document_id: 'doc_T5nH0pQ3yV8kD2sM6wJ1ra',
                    document_name: 'contract.pdf',
                    signed: true,
                    content_base64: 'JVBERi0xLjcKJeLjz9MKMSAwIG9iago8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4KZW5kb2JqCg==',
                  },
                }),
              },
              'application/pdf': {
                schema: BytesExample(
                  PdfBytes,
                  'The signed PDF',
                  "The sealed document's bytes, starting `%PDF-`, with `Content-Disposition: attachment`.",
                  '%PDF-1.7\n%…',
                ),
              },
            },
          },
          ...errorResponses(400, 401, 404, 409, 410, 429),
          ...errorExample('DOCUMENT_REMOVED', "The envelope's documents were removed after delivery."),
        },
      },
    },
    async (request, reply) => {
      const { envelopeId, documentId } = request.params;
      const document = await downloadDocument(
        ctx,
        callerOf(request),
        { envelopeId, documentId, signedOnly: request.query.signed_only ?? true },
        originOf(request),
      );
      if (wantsPdf(request.headers.accept)) {
        // The typed reply knows the PDF as a binary string; Fastify sends a Buffer as raw bytes.
        const pdf = Buffer.from(document.bytes) as unknown as string;
        return reply.type('application/pdf').header('content-disposition', attachmentHeader(document.documentName)).send(pdf);
      }
      return reply.type('application/json').send({ message: 'Document downloaded.', data: presentJson(document) });
    },
  );
