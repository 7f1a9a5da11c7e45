import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../domain/app-error.js';
import type { App } from '../../app-type.js';
import { WEB_BUILD_DIR, webBuildExists } from './web-build.js';

const ONE_YEAR_MS = 365 * 86_400_000;

/** pdf.js loads its worker as `.mjs`; browsers refuse module scripts served with any non-JavaScript type. */
const typeModuleScripts = (reply: FastifyReply, path: string) => {
  if (path.endsWith('.mjs')) reply.header('content-type', 'text/javascript; charset=utf-8');
  reply.header('x-content-type-options', 'nosniff');
};

/** `GET /app/*`: the pages' hashed assets, cacheable for good (a new build has new names). */
export const staticAssetsRoute = (app: App) => {
  if (!webBuildExists()) {
    app.get('/app/*', { schema: { hide: true }, config: { access: 'public' } }, async () => {
      throw new AppError('WEB_NOT_BUILT', 'The web pages are not built on this server: run `npm run build:web` and restart.');
    });
    return;
  }
  return app.register(fastifyStatic, {
    root: WEB_BUILD_DIR,
    prefix: '/app/',
    index: false,
    maxAge: ONE_YEAR_MS,
    immutable: true,
    setHeaders: typeModuleScripts,
  });
};
