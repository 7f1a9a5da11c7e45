import pino, { type Logger } from 'pino';

/** Signing tokens and console sign-in links travel in URLs; they are credentials and never reach the logs. */
export const redactUrl = (url: string): string => url.replace(/(\/sign(?:ing)?\/|\/console\/login\/)[^/?]+/, '$1[redacted]');

interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  id?: string;
}

/** Structured JSON logs. Request bodies and headers are never logged, so secrets cannot leak through them. */
export const createLogger = (level: string): Logger =>
  pino({
    level,
    base: { service: 'countersign' },
    redact: {
      paths: ['*.client_secret', '*.access_token', '*.refresh_token', '*.credentials', '*.password', '*.authorization', '*.secret'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: LoggedRequest) => ({ method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: req.ip }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: pino.stdSerializers.err,
    },
  });
