import pino, { type DestinationStream, type Logger } from 'pino';
import { REDACTED, redactHeaders, redactUrl } from './log-redaction.js';

/**
 * What the logger reads of a request: Fastify's request, described by shape. The request serializer
 * belongs to the logger (made before the server, by the composition root), so it lives on this floor
 * and does not import the HTTP one. `routeOptions.url` is the pattern of the route the router matched
 * (undefined for a 404): it tells which path segments are credentials.
 */
interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, string | string[] | number | undefined>;
  routeOptions?: { url?: string };
}

/**
 * The headers worth a log line: what the client is and where it came from. Every header costs
 * serialising and redacting on each request (about a fifth of a fast read route's throughput when all
 * were logged), and credentials are better never written at all than written redacted.
 */
const LOGGED_HEADERS = ['user-agent', 'referer', 'content-type', 'content-length'];

const loggedHeaders = (headers: NonNullable<LoggedRequest['headers']>): NonNullable<LoggedRequest['headers']> =>
  Object.fromEntries(LOGGED_HEADERS.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));

/**
 * Structured JSON logs. Request bodies are never logged; a request's URL and headers only through
 * log-redaction.ts, so no credential in them reaches the log (docs/operations/scaling.md).
 */
export const createLogger = (level: string, destination?: DestinationStream): Logger =>
  pino(
    {
      level,
      base: { service: 'countersign' },
      redact: {
        paths: ['*.client_secret', '*.access_token', '*.refresh_token', '*.credentials', '*.password', '*.authorization', '*.secret'],
        censor: REDACTED,
      },
      serializers: {
        req: (req: LoggedRequest) => ({
          method: req.method,
          url: redactUrl(req.url ?? '', req.routeOptions?.url),
          remoteAddress: req.ip,
          headers: redactHeaders(loggedHeaders(req.headers ?? {})),
        }),
        res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
