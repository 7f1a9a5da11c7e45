import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app/context.js';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  fingerprintRequest,
  keepIdempotencyKeyClaimed,
  releaseIdempotencyKey,
  type IdempotencyClaim,
  type IdempotentResponse,
} from '../app/idempotency/idempotency-keys.js';
import { AppError } from '../domain/app-error.js';
import type { App } from './app-type.js';
import { appendRouteHook } from './route-hooks.js';

const held = Symbol('idempotency-key');
interface Held {
  claim: IdempotencyClaim;
  stopHeartbeat: () => void;
}
type Tagged = FastifyRequest & { [held]?: Held };

/**
 * What makes two requests "the same": route, path parameters (the same key on another envelope's or
 * webhook's route is another request) and body (multipart bodies are streamed, so their size stands in).
 */
const fingerprint = (request: FastifyRequest): string => {
  const body = request.headers['content-type']?.startsWith('multipart/')
    ? `multipart:${request.headers['content-length'] ?? ''}`
    : JSON.stringify(request.body ?? null);
  return fingerprintRequest(`${request.method} ${request.routeOptions.url}\n${JSON.stringify(request.params ?? {})}\n${body}`);
};

/**
 * For a route whose use case records its response in its own transaction: the claim of the
 * request's Idempotency-Key (none without the header) and how the response to store is made from
 * the use case's result — the very body the route sends, so a replay is that response.
 */
export const idempotentResponse = <T>(
  request: FastifyRequest,
  status: number,
  present: (result: T) => unknown,
): IdempotentResponse<T> | undefined => {
  const claim = (request as Tagged)[held]?.claim;
  return claim && { claim, respond: (result) => ({ status, body: JSON.stringify(present(result)) }) };
};

/**
 * The Idempotency-Key mechanism of docs/api/conventions.md, for every route whose config says `idempotent: true`:
 * the first response is stored and replayed for 24 h; keys are scoped to the account. While the first
 * request runs, a heartbeat renews its claim, and a retry meanwhile gets IDEMPOTENCY_KEY_IN_USE.
 * Its hooks are attached to those routes only: the others (every read) never run them.
 */
export const registerIdempotency = (app: App, ctx: AppContext) => {
  const claimKey = async (request: Tagged, reply: FastifyReply) => {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !request.caller) return;
    if (key.length < 1 || key.length > 255) {
      throw new AppError('INVALID_IDEMPOTENCY_KEY', 'The Idempotency-Key header must be 1 to 255 characters.');
    }
    const claim = await claimIdempotencyKey(ctx, request.caller.accountId, key, fingerprint(request));
    switch (claim.kind) {
      case 'claimed':
        request[held] = { claim: claim.claim, stopHeartbeat: keepIdempotencyKeyClaimed(ctx, claim.claim) };
        return;
      case 'replay':
        return reply.status(claim.status).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(claim.body);
      case 'in-use':
        throw new AppError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still running; retry when it has finished.');
      case 'reused-with-another-body':
        throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with a different request body.');
    }
  };

  // Stores the response of routes that did not record it in their own transaction (a no-op for those
  // that did); a failure on our side frees the key unless the work had committed.
  const storeResponse = async (request: Tagged, reply: FastifyReply, payload: unknown) => {
    const holding = request[held];
    if (!holding) return payload;
    request[held] = undefined;
    holding.stopHeartbeat();
    if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseIdempotencyKey(ctx, holding.claim);
    else
      await completeIdempotencyKey(
        ctx,
        holding.claim,
        { status: reply.statusCode, body: payload },
        { secret: request.routeOptions.config.idempotentResponseIsSecret === true },
      );
    return payload;
  };

  const stopHeartbeat = async (request: Tagged) => {
    request[held]?.stopHeartbeat();
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    appendRouteHook(route, 'preHandler', claimKey);
    appendRouteHook(route, 'onSend', storeResponse);
    appendRouteHook(route, 'onResponse', stopHeartbeat);
  });
};
