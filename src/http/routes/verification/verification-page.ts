import type { AppContext } from '../../../app/context.js';
import { hasVerificationRecord, readVerificationRecord } from '../../../app/verification/verification-record.js';
import type { App } from '../../app-type.js';
import { errorResponses } from '../../schema-kit.js';
import { securePage } from '../pages/page-security.js';
import { readWebPage } from '../pages/web-build.js';
import { VerificationParams, VerificationRecordBody, presentVerificationRecord } from './verification.schema.js';

/** The page's own script asks for JSON at the same URL; people's browsers ask for HTML. */
const wantsJson = (accept: string | undefined): boolean => /application\/json/i.test(accept ?? '') && !/text\/html/i.test(accept ?? '');

/**
 * `GET /verify/{envelopeId}`: the public verification page, or with `Accept: application/json` the record of docs/concepts/ledger.md.
 * Both answer 404 unless the envelope is Completed; the page still comes as HTML then, and says so itself.
 */
export const verificationPageRoute = (app: App, ctx: AppContext) =>
  app.get(
    '/verify/:envelopeId',
    {
      schema: {
        hide: true,
        params: VerificationParams,
        response: {
          200: {
            description: 'The verification page, or its record (Completed envelopes only)',
            content: { 'text/html': { schema: { type: 'string' } }, 'application/json': { schema: VerificationRecordBody } },
          },
          ...errorResponses(404, 429, 503),
        },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      if (wantsJson(request.headers.accept)) {
        const record = await readVerificationRecord(ctx, request.params.envelopeId);
        return reply
          .header('cache-control', 'no-store')
          .send({ message: 'Verification record retrieved.', data: presentVerificationRecord(record) });
      }
      const status = (await hasVerificationRecord(ctx, request.params.envelopeId)) ? 200 : 404;
      const html = await readWebPage('verify.html');
      return securePage(reply).code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    },
  );
