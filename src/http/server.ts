import multipart from '@fastify/multipart';
import Fastify, { type FastifyRequest } from 'fastify';
import type { AppContext } from '../app/context.js';
import { registerAccessControl, type RouteAccessRule } from './access-hook.js';
import type { App } from './app-type.js';
import { clientErrorResponse, handleError, handleNotFound } from './errors.js';
import { registerIdempotency } from './idempotency.js';
import { assertNoNulInJson, refuseNulInPathAndQuery } from './nul-characters.js';
import { registerOpenApi } from './openapi.js';
import { registerRateLimit } from './rate-limit.js';
import { requestIds } from './request-ids.js';
import { registerRequestMetrics } from './request-metrics.js';
import { appendRouteHook } from './route-hooks.js';
import { registerRoutes } from './routes/index.js';
import { serializerCompiler } from './serializer.js';
import { validatorCompiler } from './validator.js';

const CANONICAL_PREFIX = '/api/v2.0';
const VARIANT_PREFIX = /^\/(?:v2\.0|api\/2\.0|apiv2\.0)(?=\/|$|\?)/;
const SINGULAR_ALIASES: [RegExp, string][] = [
  [/^\/api\/v2\.0\/envelope\/create(?=$|\?)/, '/api/v2.0/envelopes/create'],
  [/^\/api\/v2\.0\/template\/create(?=$|\?)/, '/api/v2.0/templates/create'],
];

/** Every prefix and singular spelling of the original listings reaches the one canonical route (docs/api/conventions.md). */
export const canonicalUrl = (url: string): string =>
  SINGULAR_ALIASES.reduce((current, [pattern, target]) => current.replace(pattern, target), url.replace(VARIANT_PREFIX, CANONICAL_PREFIX));

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

const emptyBodyAsObject = async (request: FastifyRequest) => {
  if (request.body === undefined) request.body = {};
};

/**
 * Bodies are JSON (multipart for uploads, a PDF for the verify check, each registered where used).
 * An empty body is no body, whatever its Content-Type says: a route whose body fields are all
 * optional accepts it, and one with required fields names them (CANCEL_REASON_REQUIRED, …) instead
 * of answering MALFORMED_JSON. Fastify's text/plain parser goes: it would hand a route a string its
 * JSON schema never sees, where 415 is the answer.
 */
const parseBodies = (app: App) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    try {
      assertNoNulInJson(text);
    } catch (error) {
      return done(error as Error, undefined);
    }
    return parseJson(request, text, done);
  });
  app.addHook('onRoute', (route) => {
    if (route.schema?.body) appendRouteHook(route, 'preValidation', emptyBodyAsObject);
  });
  app.addHook('preValidation', refuseNulInPathAndQuery);
};

/** TRUST_PROXY as a hop count: the addresses of that many proxies in front of the service are theirs, not the client's. */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

export interface BuiltServer {
  app: App;
  /** Every route's access rule as enforced (the router's own listing does not show route options). */
  accessRules: readonly RouteAccessRule[];
  close(): Promise<void>;
}

export const buildServer = async (ctx: AppContext): Promise<BuiltServer> => {
  const newRequestId = requestIds();
  const app = Fastify({
    loggerInstance: ctx.logger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : newRequestId();
    },
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    bodyLimit: 80 * 1024 * 1024,
    trustProxy: typeof ctx.config.trustProxy === 'number' ? trustHops(ctx.config.trustProxy) : ctx.config.trustProxy,
    // A malformed %-encoding or an over-long path parameter is refused by the router itself, before any hook.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      return handleError(error, request, reply);
    },
    // Requests the HTTP parser refuses (headers over the limit, raw bytes in the path) never reach the router.
    clientErrorHandler: (error, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      if (socket.writable) socket.write(clientErrorResponse(error));
      socket.destroy(error);
    },
  }).withTypeProvider() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  registerRequestMetrics(app, ctx);
  const ownOrigin = new URL(ctx.config.publicUrl).origin;
  // A callback hook, not an async one: no promise per request.
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('access-control-allow-origin', ownOrigin);
    done();
  });
  const accessRules = registerAccessControl(app, ctx);
  parseBodies(app);

  // Uploads are streamed part by part (request.parts()); the limits answer 413 PAYLOAD_TOO_LARGE.
  await app.register(multipart, { limits: { fileSize: 25 * 1024 * 1024, files: 10, fields: 20, parts: 30 } });
  const rateLimit = await registerRateLimit(app, ctx);
  registerIdempotency(app, ctx);
  await registerOpenApi(app, ctx);
  await registerRoutes(app, ctx);

  return {
    app,
    accessRules,
    close: async () => {
      await app.close();
      await rateLimit.close();
    },
  };
};
