import type { AppContext } from '../../../app/context.js';
import { uploadFiles, type UploadScope } from '../../../app/uploads/upload-files.js';
import { callerOf, type App } from '../../app-type.js';
import { BytesExample, Example, errorExample } from '../../openapi-examples.js';
import { Ok, errorResponses } from '../../schema-kit.js';
import { readUploadedFiles } from './read-uploaded-files.js';
import { MultipartFiles, presentUploads, UploadedFiles } from './upload.schema.js';

const UPLOAD_DESCRIPTION =
  'multipart/form-data with one or more `file` parts, each a PDF of at most 25 MB (at most 10 files); ' +
  'DOCX, ODT, RTF, HTML, PNG and JPEG files are converted to PDF first, and their answer lists the file as `original` (docs/api/conversion.md). ' +
  'Returns a `file_id` per file, for `file_ids` of the matching create_with_files; unused uploads are purged after 24 h. ' +
  'An envelope upload past the monthly quota answers 403 ENVELOPE_QUOTA_EXCEEDED; past 100 unused uploads (or 1 GB) per account, 403 UPLOAD_QUOTA_EXCEEDED. ' +
  'Accepts an Idempotency-Key header.';

/** `POST <path>`: uploads for envelopes or for templates (their ids are not interchangeable). */
export const uploadRoute = (path: string, scope: UploadScope, operationId: string, tag: string) => (app: App, ctx: AppContext) =>
  app.post(
    path,
    {
      config: { idempotent: true },
      schema: {
        operationId,
        summary: `Upload documents for a later ${scope} creation`,
        description: UPLOAD_DESCRIPTION,
        tags: [tag],
        body: {
          content: {
            'multipart/form-data': {
              schema: BytesExample(
                MultipartFiles,
                'A PDF and a Word document',
                "Two `file` parts, each a file's bytes with its file name, for example `curl -F file=@offer.pdf -F file=@terms.docx …`.",
                { file: '%PDF-1.7\n%…' },
              ),
            },
          },
        },
        response: {
          201: Example(Ok(UploadedFiles, 'Files uploaded'), {
            message: 'Files uploaded successfully.',
            data: {
              files: [
                {
                  file_id: 'file_Qm3xT8bWk2LpR7vN0cYs4g',
                  name: 'offer.pdf',
                  size: 184_320,
                  pages: 3,
                  sha256: '6f1c0a9e4b2d87f35e0c1a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e',
                  original: null,
                },
                {
                  file_id: 'file_Hx9pV2nLq6TzW1aK5dRj8e',
                  name: 'terms.pdf',
                  size: 52_736,
                  pages: 1,
                  sha256: 'a0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e9f',
                  original: {
                    name: 'terms.docx',
                    media_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
                    sha256: '5d41402abc4b2a76b9719d911017c592ae1e2c6b8f3a4d5e6f708192a3b4c5d6',
                  },
                },
              ],
            },
          }),
          ...errorResponses(400, 401, 403, 413, 415, 422, 429),
          ...errorExample('CONVERSION_FAILED', '"terms.docx": The DOCX document is broken: it has no "word/document.xml".'),
          ...errorExample(
            'CONVERSION_UNAVAILABLE',
            '"terms.docx": Converting DOCX documents to PDF needs LibreOffice, which is not installed on this service; upload a PDF, or ask its operator to install the Debian package libreoffice-writer-nogui.',
          ),
          ...errorExample(
            'UPLOAD_QUOTA_EXCEEDED',
            'An account may hold at most 100 unused uploads (1024 MB); use or let expire the ones it has.',
          ),
        },
      },
    },
    async (request, reply) => {
      const uploads = await uploadFiles(ctx, callerOf(request), scope, () => readUploadedFiles(request));
      return reply.status(201).send({ message: 'Files uploaded successfully.', data: presentUploads(uploads) });
    },
  );

export const uploadEnvelopeFileRoute = uploadRoute('/envelopes/upload_file', 'envelope', 'uploadEnvelopeFile', 'Envelopes');
