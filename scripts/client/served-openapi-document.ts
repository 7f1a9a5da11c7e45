import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openAppContext } from '../../src/app-context.js';
import { loadConfig } from '../../src/config.js';
import { systemClock } from '../../src/domain/clock.js';
import { buildServer } from '../../src/http/server.js';

/**
 * The OpenAPI document exactly as the service serves it at /openapi.json: the app is built in-process on a
 * throw-away SQLite database and asked through inject, never listening. The environment is fixed (not the
 * caller's), so the document, and the client generated from it, is the same on every machine.
 */
export const servedOpenApiDocument = async (): Promise<Record<string, unknown>> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'countersign-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PDF_WORKERS: '1' });
    const logger = pino({ level: 'silent' });
    const opened = await openAppContext(config, { clock: systemClock, logger, pdfThreads: 1 });
    const server = await buildServer(opened.ctx);
    try {
      const response = await server.app.inject({ method: 'GET', url: '/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /openapi.json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await server.close();
      await opened.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
