import type { AppContext } from '../../../app/context.js';
import { checkSealedPdf } from '../../../app/verification/check-sealed-pdf.js';
import { AppError } from '../../../domain/app-error.js';
import type { App } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { FileVerdictBody, VerificationParams, presentFileVerdict } from './verification.schema.js';

const MAX_PDF_BYTES = 60 * 1024 * 1024;

/** `POST /verify/{envelopeId}/check`: is this PDF (raw `application/pdf` body) one of the envelope's sealed documents, with an intact seal of ours? */
export const checkPdfRoute = (app: App, ctx: AppContext) =>
  app.register(async (scope: App) => {
    scope.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: MAX_PDF_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/verify/:envelopeId/check',
      {
        bodyLimit: MAX_PDF_BYTES,
        schema: { hide: true, params: VerificationParams, response: { 200: FileVerdictBody, ...errorResponses(400, 404, 413, 415, 429) } },
        config: { access: 'public' },
      },
      async (request, reply) => {
        if (!request.headers['content-type']?.startsWith('application/pdf')) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the PDF file itself as the body, with Content-Type: application/pdf.');
        }
        if (!Buffer.isBuffer(request.body) || request.body.length === 0)
          throw new AppError('PDF_REQUIRED', 'The body must be the PDF file to check.');
        const verdict = await checkSealedPdf(ctx, request.params.envelopeId, request.body);
        return reply.send({
          message:
            verdict.match && verdict.seal.valid
              ? 'The file is an intact sealed document of this envelope.'
              : 'The file does not match this envelope or its seal is not intact.',
          data: presentFileVerdict(verdict),
        });
      },
    );
  });
