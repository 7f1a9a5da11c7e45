import type { Caller } from '../app/context.js';

/**
 * How a route is reached:
 * - `bearer`: `app_auth_type` + `Authorization: Bearer` (every API operation unless said otherwise);
 * - `app-type`: `app_auth_type` only (login, refresh);
 * - `access-token`: `Authorization: Bearer` alone, checked as for `bearer` (the MCP endpoint, whose clients speak MCP, not the API's headers);
 * - `metrics-token`: `Authorization: Bearer $METRICS_TOKEN` alone (GET /metrics, while METRICS_TOKEN is set);
 * - `public`: nothing (health, docs, ledger head, verification, the recipients' signing API).
 */
export type RouteAccess = 'bearer' | 'app-type' | 'access-token' | 'metrics-token' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Only admins may call it (docs/api/people.md): API clients' tokens and admin users' console tokens; a sender's gets 403 ROLE_FORBIDDEN. */
    role?: 'admin';
    /** Honour the Idempotency-Key header (docs/api/conventions.md) on this route. */
    idempotent?: boolean;
    /** The response carries a secret shown once: stored for replays only encrypted (docs/decisions.md "Webhooks"). */
    idempotentResponseIsSecret?: boolean;
  }
  interface FastifyRequest {
    caller?: Caller;
  }
}
