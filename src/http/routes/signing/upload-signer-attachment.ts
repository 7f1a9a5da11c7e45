import { Type, type Static } from 'typebox';
import type { AppContext } from '../../../app/context.js';
import { SIGNER_ATTACHMENT_LIMITS, uploadSignerAttachment, type SignerAttachment } from '../../../app/signing/upload-signer-attachment.js';
import { AppError } from '../../../domain/app-error.js';
import type { App } from '../../app-type.js';
import { multipartFiles } from '../../multipart-files.js';
import { originOf } from '../../request-origin.js';
import { BytesExample, Example, errorExample } from '../../openapi-examples.js';
import { Id, Int, Ok, Text, errorResponses } from '../../schema-kit.js';
import { SigningTokenParams } from './signing.schema.js';
import { SIGNING_SESSION_NOTE, SigningSessionHeaders, requireSigningSession } from './signing-session.js';

/** The multipart form, for the OpenAPI document only: the part is streamed by the handler, so there is no parsed body to validate. */
const MultipartAttachmentBody = {
  properties: {
    file: {
      type: 'string',
      format: 'binary',
      maxLength: SIGNER_ATTACHMENT_LIMITS.maxFileBytes,
      description: 'The file: PDF, PNG or JPEG (recognised from its bytes, not its name), at most 10 MB',
    },
  },
};

const SignerAttachmentObject = Type.Object({
  attachment_id: Id('att', { description: "The value to give the attachment field in the sign request's `fields`" }),
  name: Text(255),
  size: Int(0, SIGNER_ATTACHMENT_LIMITS.maxFileBytes),
  content_type: Text(100, { description: 'application/pdf, image/png or image/jpeg' }),
  sha256: Text(64, { pattern: '^[0-9a-f]{64}$' }),
});

const presentSignerAttachment = (attachment: SignerAttachment): Static<typeof SignerAttachmentObject> => ({
  attachment_id: attachment.id,
  name: attachment.name,
  size: attachment.size,
  content_type: attachment.contentType,
  sha256: attachment.sha256,
});

export const uploadSignerAttachmentRoute = (app: App, ctx: AppContext) =>
  app.post(
    '/signing/:signingCode/attachments',
    {
      config: { access: 'public' },
      preHandler: requireSigningSession(ctx),
      schema: {
        operationId: 'uploadSignerAttachment',
        summary: 'Upload a file for an attachment field as the signer of this token',
        description:
          'One multipart `file` part: a PDF, PNG or JPEG (sniffed from the bytes: anything else is 415 `UNSUPPORTED_FILE_TYPE`), at most 10 MB ' +
          '(413 `PAYLOAD_TOO_LARGE`). Only while it is this signer’s turn on an active envelope (409 `NOT_YOUR_TURN`, `ALREADY_SIGNED`, ' +
          '`ENVELOPE_NOT_ACTIVE`). Give the answer’s `attachment_id` as the attachment field’s value when signing; uploading again (to ' +
          `replace a file) gives a new id. At most ${SIGNER_ATTACHMENT_LIMITS.maxFilesPerSigner} uploads per signer (400 \`TOO_MANY_ATTACHMENTS\`) ` +
          `and ${SIGNER_ATTACHMENT_LIMITS.maxBytesPerEnvelope / 1024 / 1024} MB for all signers of an envelope together (413). ` +
          'On completion the files the fields name become the envelope’s supporting documents (`uploaded_by` the signer’s e-mail), are ' +
          'embedded in every sealed PDF as file attachments and are listed with their SHA-256 on the certificate of completion; the others ' +
          'are forgotten. Usable from an embedding application with the same token. An embedded token is spent by this call. ' +
          SIGNING_SESSION_NOTE,
        tags: ['Signing'],
        headers: SigningSessionHeaders,
        params: SigningTokenParams,
        body: {
          content: {
            'multipart/form-data': {
              schema: BytesExample(
                MultipartAttachmentBody,
                'One file',
                'One `file` part with the bytes and file name of a PDF, PNG or JPEG, for example `curl -F file=@payslip.png …`.',
                { file: '\x89PNG\r\n\x1a\n…' },
              ),
            },
          },
        },
        response: {
          201: Example(Ok(SignerAttachmentObject), {
            message: 'Attachment uploaded successfully.',
            data: {
              attachment_id: 'att_3TXcLOo0ituOD8eQ6l_0Yw',
              name: 'payslip.png',
              size: 184_320,
              content_type: 'image/png',
              sha256: '71ce25b46b6b4741b0b977ba4c1d690cd10a2f224ea193892716265b01893531',
            },
          }),
          ...errorResponses(400, 401, 404, 409, 413, 415, 429),
          ...errorExample('PAYLOAD_TOO_LARGE', '"payslip.png" is larger than 10 MB.', { field: 'file' }),
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data with one "file" part.');
      const files = await multipartFiles(request, SIGNER_ATTACHMENT_LIMITS.maxFileBytes);
      const attachment = await uploadSignerAttachment(ctx, request.params.signingCode, files, originOf(request));
      return reply.status(201).send({ message: 'Attachment uploaded successfully.', data: presentSignerAttachment(attachment) });
    },
  );
