import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app/context.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  fingerprintRequest,
  releaseIdempotencyKey,
} from '../app/idempotency/idempotency-keys.js';
import { AppError } from '../domain/app-error.js';
import type { App } from './app-type.js';

const claimed = Symbol('idempotency-key');
type Tagged = FastifyRequest & { [claimed]?: { accountId: string; key: string } };

/** What makes two requests "the same": route and body (multipart bodies are streamed, so their size stands in). */
const fingerprint = (request: FastifyRequest): string => {
  const body = request.headers['content-type']?.startsWith('multipart/')
    ? `multipart:${request.headers['content-length'] ?? ''}`
    : JSON.stringify(request.body ?? null);
  return fingerprintRequest(`${request.method} ${request.routeOptions.url}\n${body}`);
};

/**
 * The Idempotency-Key mechanism of API.md §0, for every route whose config says `idempotent: true`:
 * the first response is stored and replayed for 24 h; keys are scoped to the account.
 */
export const registerIdempotency = (app: App, ctx: AppContext) => {
  app.addHook('preHandler', async (request: Tagged, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (!request.routeOptions.config.idempotent || typeof key !== 'string' || !request.caller) return;
    if (key.length < 1 || key.length > 255) {
      throw new AppError('INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 1 to 255 characters.');
    }
    const accountId = request.caller.accountId;
    const claim = await claimIdempotencyKey(ctx, accountId, key, fingerprint(request));
    switch (claim.kind) {
      case 'claimed':
        request[claimed] = { accountId, key };
        return;
      case 'replay':
        return reply.status(claim.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(claim.body);
      case 'in-use':
        throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry when it has finished.');
      case 'reused-with-another-body':
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body.');
    }
  });

  app.addHook('onSend', async (request: Tagged, reply, payload) => {
    const claim = request[claimed];
    if (!claim) return payload;
    request[claimed] = undefined;
    if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseIdempotencyKey(ctx, claim.accountId, claim.key);
    else await completeIdempotencyKey(ctx, claim.accountId, claim.key, reply.statusCode, payload);
    return payload;
  });
};
