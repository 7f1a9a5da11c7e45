import type { FastifyReply } from 'fastify';

/** The pages load nothing from elsewhere (fonts included: the script face is one of their assets); pdf.js needs blob: workers and data:/blob: images. */
const contentSecurityPolicy = (frameAncestors: readonly string[]): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors.length ? frameAncestors.join(' ') : "'none'"}`,
  ].join('; ');

/** Headers of the signing and verification pages; only the listed origins may frame them. */
export const securePage = (reply: FastifyReply, frameAncestors: readonly string[] = []): FastifyReply =>
  reply.headers({
    'content-security-policy': contentSecurityPolicy(frameAncestors),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
