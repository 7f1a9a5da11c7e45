import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../app/context.js';
import { SSO_LIMITS } from '../../../domain/sso-settings.js';

/**
 * The sign-in's `state`, kept by the browser that started it: the callback finishes only there, so
 * nobody can sign a person in as someone else by sending them a callback link. SameSite=Lax, since
 * the provider's redirect back is a cross-site top-level navigation that Strict would not send it on.
 */
const SSO_STATE_COOKIE = 'countersign_sso_state';
const PATH = '/console/sso';

const attributes = (ctx: AppContext, maxAgeSeconds: number): string =>
  [
    `Max-Age=${maxAgeSeconds}`,
    `Path=${PATH}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(ctx.config.publicUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

export const setSsoStateCookie = (ctx: AppContext, reply: FastifyReply, state: string): FastifyReply =>
  reply.header('set-cookie', `${SSO_STATE_COOKIE}=${state}; ${attributes(ctx, SSO_LIMITS.signInSeconds)}`);

export const clearSsoStateCookie = (ctx: AppContext, reply: FastifyReply): FastifyReply =>
  reply.header('set-cookie', `${SSO_STATE_COOKIE}=; ${attributes(ctx, 0)}`);

export const ssoStateCookieOf = (request: FastifyRequest): string | undefined => {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === SSO_STATE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
};
