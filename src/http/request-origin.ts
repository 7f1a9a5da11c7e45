import type { FastifyRequest } from 'fastify';
import type { RequestOrigin } from '../app/envelopes/new-envelope.js';

/** Where a request came from, for the ledger and the certificate of completion. */
export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ipAddress: request.ip ?? null,
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
});
