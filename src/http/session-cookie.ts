import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app/context.js';
import { AppError } from '../domain/app-error.js';

/** The console session's cookie (docs/api/sign-in.md "Console sessions"). */
export const SESSION_COOKIE = 'countersign_session';

/** The header only the console's own script sends: a cross-site form or image cannot, and CORS refuses a foreign script. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'countersign-console';

/** The session token from the Cookie header, if there is one. */
export const sessionCookieOf = (request: FastifyRequest): string | undefined => {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === SESSION_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
};

const attributes = (ctx: AppContext, maxAgeSeconds: number): string =>
  [
    `Max-Age=${maxAgeSeconds}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    ...(ctx.config.publicUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

/** Sets the session cookie until the session's absolute end; the idle timeout is the server's to enforce. */
export const setSessionCookie = (ctx: AppContext, reply: FastifyReply, token: string, expiresAt: Date): FastifyReply =>
  reply.header(
    'set-cookie',
    `${SESSION_COOKIE}=${token}; ${attributes(ctx, Math.max(0, Math.floor((expiresAt.getTime() - ctx.clock.now().getTime()) / 1000)))}`,
  );

export const clearSessionCookie = (ctx: AppContext, reply: FastifyReply): FastifyReply =>
  reply.header('set-cookie', `${SESSION_COOKIE}=; ${attributes(ctx, 0)}`);

/** The console's session routes act on a cookie the browser sends by itself: they need the console's header too. */
export const requireCsrfHeader = (request: FastifyRequest): void => {
  if (request.headers[CSRF_HEADER] !== CSRF_HEADER_VALUE) {
    throw new AppError('CSRF_HEADER_REQUIRED', `Send the header X-Requested-With: ${CSRF_HEADER_VALUE} (the console's script does).`);
  }
};
