import { STATUS_CODES } from 'node:http';
import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, type Problem } from '../domain/app-error.js';

/**
 * The one place where error codes meet HTTP: each code's status. A code missing here fails the
 * type-check, so a new error cannot leave without a status.
 */
const STATUS_BY_CODE: Record<ErrorCode, number> = {
  INVALID_REQUEST: 400,
  MALFORMED_JSON: 400,
  MALFORMED_MULTIPART: 400,
  UNKNOWN_FIELD: 400,
  FIELD_REQUIRED: 400,
  INVALID_FIELD: 400,
  INVALID_CONTENT_LENGTH: 400,
  INVALID_EMAIL: 400,
  INVALID_PAGINATION: 400,
  NOTHING_TO_UPDATE: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_FILE_TYPE: 415,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  MALFORMED_URL: 400,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  WEB_NOT_BUILT: 503,
  SERVICE_UNAVAILABLE: 503,
  STORAGE_FULL: 507,
  ACCESS_TOKEN_REQUIRED: 400,
  INVALID_ACCESS_TOKEN: 401,
  INVALID_AUTH_TYPE: 401,
  CREDENTIALS_REQUIRED: 400,
  INVALID_CREDENTIALS: 401,
  REFRESH_TOKEN_REQUIRED: 400,
  INVALID_REFRESH_TOKEN: 401,
  REFRESH_TOKEN_REUSED: 401,
  ACCOUNT_NAME_REQUIRED: 400,
  ACCOUNT_NOT_FOUND: 404,
  CLIENT_NOT_FOUND: 404,
  CLIENT_LIMIT_REACHED: 403,
  INVALID_PLAN: 400,
  INVALID_FRAME_ANCESTOR: 400,
  INVALID_DAYS: 400,
  ENVELOPE_QUOTA_EXCEEDED: 403,
  UPLOAD_QUOTA_EXCEEDED: 403,
  INVALID_IDEMPOTENCY_KEY: 400,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  DOCUMENTS_REQUIRED: 400,
  TOO_MANY_DOCUMENTS: 400,
  DOCUMENT_NAME_REQUIRED: 400,
  DOCUMENT_CONTENT_REQUIRED: 400,
  DOCUMENT_NOT_FOUND: 404,
  DOCUMENT_REMOVED: 410,
  DOCUMENT_PURGED: 410,
  RECIPIENT_ON_OPEN_ENVELOPE: 409,
  INVALID_BASE64: 400,
  INVALID_PDF: 400,
  PDF_ENCRYPTED: 400,
  PDF_REQUIRED: 400,
  PDF_TOO_MANY_PAGES: 400,
  PDF_TOO_COMPLEX: 400,
  FILE_REQUIRED: 400,
  FILE_ID_REQUIRED: 400,
  FILE_IDS_REQUIRED: 400,
  FILE_NOT_FOUND: 400,
  SUPPORTING_DOCUMENT_NOT_FOUND: 404,
  ENVELOPE_NAME_REQUIRED: 400,
  ENVELOPE_NOT_FOUND: 404,
  ENVELOPE_NOT_ACTIVE: 409,
  ENVELOPE_NOT_CANCELLABLE: 409,
  ENVELOPE_NOT_COMPLETED: 409,
  ENVELOPE_NOT_EXPIRED: 409,
  ENVELOPE_NOT_RESEALABLE: 409,
  INVALID_SIGN_PROCESS_FLOW: 400,
  INVALID_EXPIRATION_DAYS: 400,
  CONFLICTING_EXPIRATION_DAYS: 400,
  INVALID_REMINDER_PERIOD: 400,
  INVALID_SIGNING_ORDER: 400,
  CANCEL_REASON_REQUIRED: 400,
  DECLINE_REASON_REQUIRED: 400,
  DUE_DATE_REQUIRED: 400,
  INVALID_DUE_DATE: 400,
  CONFLICTING_DUE_DATE: 400,
  INVALID_EXTEND_BY_DAYS: 400,
  RECIPIENT_NAME_REQUIRED: 400,
  TOO_MANY_SIGNERS: 400,
  DUPLICATE_SIGNER: 400,
  PHONE_INCOMPLETE: 400,
  PHONE_NUMBER_REQUIRED: 400,
  AUTHENTICATION_NOT_FOR_OBSERVERS: 400,
  UNSUPPORTED_LANGUAGE: 400,
  SIGNER_EMAIL_REQUIRED: 400,
  SIGNER_NOT_FOUND: 404,
  SIGNER_NOT_ACTIVE: 409,
  SIGNER_NOT_REMINDABLE: 409,
  REMINDER_TOO_SOON: 429,
  NOT_A_SIGNER: 409,
  FIELD_POSITION_REQUIRED: 400,
  FIELD_OUT_OF_BOUNDS: 400,
  FIELD_NOT_EDITABLE: 400,
  INVALID_FIELD_TYPE: 400,
  INVALID_FIELD_DOCUMENT: 400,
  INVALID_FIELD_PAGE: 400,
  INVALID_FIELD_SIZE: 400,
  INVALID_FIELD_FLAG: 400,
  INVALID_FIELD_OPTIONS: 400,
  INVALID_FIELD_DEFAULT_VALUE: 400,
  INVALID_FIELD_VALUE: 400,
  DUPLICATE_FIELD_PLACEHOLDER: 400,
  ANCHOR_TEXT_REQUIRED: 400,
  ANCHOR_NOT_FOUND: 400,
  TOO_MANY_ANCHORS: 400,
  TOO_MANY_ANCHOR_MATCHES: 400,
  TOO_MANY_FIELDS: 400,
  UNKNOWN_FIELD_ID: 400,
  UNKNOWN_ATTACHMENT: 400,
  TOO_MANY_ATTACHMENTS: 400,
  REQUIRED_FIELD_MISSING: 400,
  TEMPLATE_ID_REQUIRED: 400,
  TEMPLATE_NAME_REQUIRED: 400,
  TEMPLATE_NOT_FOUND: 404,
  TEMPLATE_INACTIVE: 409,
  INVALID_TEMPLATE_ACTION: 400,
  SIGNER_ROLE_MISSING: 400,
  SIGNER_TITLE_IS_REQUIRED: 400,
  SIGNER_TITLE_NOT_FOUND: 400,
  DUPLICATE_SIGNER_TITLE: 400,
  OBSERVER_TITLE_IS_REQUIRED: 400,
  OBSERVER_TITLE_NOT_FOUND: 400,
  DUPLICATE_OBSERVER_TITLE: 400,
  FORM_FIELD_NOT_FOUND: 400,
  FORM_FIELD_PLACEHOLDER_REQUIRED: 400,
  BUILDER_TOKEN_NOT_FOUND: 404,
  BUILDER_KIND_MISMATCH: 409,
  BUILDER_ALREADY_SENT: 409,
  BUILDER_SIGNER_NOT_FOUND: 400,
  SIGNING_TOKEN_NOT_FOUND: 404,
  NOT_YOUR_TURN: 409,
  ALREADY_SIGNED: 409,
  CONSENT_REQUIRED: 400,
  LOCATION_REQUIRED: 400,
  INVALID_SIGNATURE: 400,
  IMAGE_TOO_LARGE: 400,
  RECIPIENT_AUTH_REQUIRED: 401,
  AUTHENTICATION_NOT_REQUIRED: 409,
  NOT_SMS_AUTHENTICATION: 409,
  CODE_TOO_SOON: 429,
  CODE_EXPIRED: 401,
  INVALID_CODE: 401,
  RECIPIENT_LOCKED: 423,
  WEBHOOK_NOT_FOUND: 404,
  WEBHOOK_DELIVERY_NOT_FOUND: 404,
  INVALID_WEBHOOK_URL: 400,
  UNKNOWN_EVENT_TYPE: 400,
  EVENTS_REQUIRED: 400,
  WEBHOOK_LIMIT_REACHED: 403,
  WEBHOOK_DISABLED: 409,
  INVALID_BLOCK_NUMBER: 400,
  LEDGER_BLOCK_NOT_FOUND: 404,
  INVALID_TREE_SIZE: 400,
  USER_NAME_REQUIRED: 400,
  INVALID_ROLE: 400,
  EMAIL_IN_USE: 409,
  USER_NOT_FOUND: 404,
  USER_LIMIT_REACHED: 403,
  OWNER_ROLE_FIXED: 409,
  OWNER_NOT_REMOVABLE: 409,
  SESSION_REQUIRED: 401,
  SESSION_EXPIRED: 401,
  CSRF_HEADER_REQUIRED: 403,
  ROLE_FORBIDDEN: 403,
  INVALID_SETUP_TOKEN: 403,
  SETUP_COMPLETED: 409,
  WEAK_PASSWORD: 400,
  USER_LOCKED: 423,
  INVALID_RESET_TOKEN: 400,
  PASSKEY_NOT_FOUND: 404,
  PASSKEY_REGISTRATION_FAILED: 400,
  PASSKEY_SIGN_IN_FAILED: 401,
  PASSKEY_LIMIT_REACHED: 403,
  SSO_DISCOVERY_FAILED: 400,
  INVALID_SSO_ISSUER: 400,
  SSO_DOMAIN_TAKEN: 409,
  SSO_NOT_CONFIGURED: 404,
  SSO_REQUIRED: 403,
  SSO_STATE_INVALID: 400,
  SSO_PROVIDER_ERROR: 400,
  SSO_TOKEN_INVALID: 400,
  SSO_EMAIL_UNVERIFIED: 400,
  SSO_EMAIL_OUTSIDE_DOMAINS: 400,
  INVALID_SIGNER_ROLE: 400,
  NOT_AN_APPROVER: 409,
  FIELDS_NOT_ALLOWED: 400,
  HOST_NOT_FOUND: 400,
  WITNESS_TARGET_NOT_FOUND: 400,
  WITNESS_REQUIRED: 400,
  INVALID_SIGNING_GROUP: 400,
  GROUP_COMPLETE: 409,
  REASSIGN_NOT_ALLOWED: 403,
  RECIPIENT_REASSIGNED: 409,
  RECIPIENT_ALREADY_ACTED: 409,
  RECIPIENT_NOT_FOUND: 404,
  ENVELOPE_NOT_CORRECTING: 409,
  RETURN_COMMENT_REQUIRED: 400,
  NO_SIGNERS_LEFT: 400,
  IN_PERSON_ONLY: 409,
  NOT_IN_PERSON: 409,
  DUPLICATE_FIELD_NAME: 400,
  UNKNOWN_CONDITION_FIELD: 400,
  CONDITION_CYCLE: 400,
  PUBLIC_LINK_NOT_FOUND: 404,
  PUBLIC_LINK_CLOSED: 410,
  SIGNER_COPY_EXPIRED: 410,
  CONVERSION_FAILED: 400,
  CONVERSION_UNAVAILABLE: 415,
  FORM_FIELD_UNASSIGNED: 400,
  INVALID_TEXT_TAG: 400,
  BULK_SEND_NOT_FOUND: 404,
  BULK_SEND_NOT_CANCELLABLE: 409,
  TOO_MANY_ROWS: 400,
  INVALID_CSV: 400,
  BULK_ROWS_INVALID: 400,
};

export const statusOfCode = (code: ErrorCode): number => STATUS_BY_CODE[code];

export const statusOf = (error: AppError): number => statusOfCode(error.code);

/** A problem as the contract's `errors[]` entry. */
const presentProblem = (problem: Problem) => ({
  error_code: problem.code,
  developer_message: problem.message,
  ...(problem.field ? { field: problem.field } : {}),
  ...(problem.row !== undefined ? { row: problem.row } : {}),
});

type SchemaWithCodes = { 'x-missing-code'?: ErrorCode; 'x-invalid-code'?: ErrorCode; properties?: Record<string, SchemaWithCodes> };

/** `/recipients/signers/0/email` → `recipients.signers[0].email` */
const toFieldPath = (pointer: string, child?: string): string =>
  [...pointer.split('/').slice(1), ...(child ? [child] : [])]
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');

const describe = (error: ErrorObject): string => {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `must be of type ${String(params.type)}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'format':
      return `must be a valid ${String(params.format)}`;
    default:
      return error.message ?? 'is invalid';
  }
};

/** One AJV error → one contract error entry, honouring the dedicated codes declared in the schema. */
const toProblem = (error: ErrorObject, part: string): Problem => {
  const params = error.params as Record<string, string>;
  const prefix = part === 'body' ? '' : `${part}.`;
  if (error.keyword === 'additionalProperties') {
    const field = prefix + toFieldPath(error.instancePath, params.additionalProperty);
    return { code: 'UNKNOWN_FIELD', message: `Unknown field "${field}".`, field };
  }
  if (error.keyword === 'required') {
    const field = prefix + toFieldPath(error.instancePath, params.missingProperty);
    const schema = (error.parentSchema as SchemaWithCodes | undefined)?.properties?.[params.missingProperty ?? ''];
    return { code: schema?.['x-missing-code'] ?? 'FIELD_REQUIRED', message: `"${field}" is required.`, field };
  }
  const field = prefix + toFieldPath(error.instancePath);
  const schema = error.parentSchema as SchemaWithCodes | undefined;
  const empty = error.keyword === 'minLength' && error.data === '';
  const code = (empty ? schema?.['x-missing-code'] : undefined) ?? schema?.['x-invalid-code'] ?? 'INVALID_FIELD';
  return { code, message: `"${field || part}" ${describe(error)}.`, field: field || part };
};

export const validationError = (errors: ErrorObject[], part: string): AppError => {
  const seen = new Set<string>();
  const details = errors
    // `if`/`anyOf` wrappers repeat what their branches already said.
    .filter((e) => !['if', 'anyOf', 'oneOf'].includes(e.keyword))
    .map((e) => toProblem(e, part))
    .filter((d) => {
      const key = `${d.code}|${d.field}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  return AppError.of(details.length ? details : [{ code: 'INVALID_REQUEST', message: 'The request is invalid.' }]);
};

/** Fastify's own errors (body parsing, limits) in the contract's terms. */
const fromFastify = (error: FastifyError): AppError | undefined => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('MALFORMED_JSON', 'The body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body or a file is larger than allowed.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'This Content-Type is not accepted here; send application/json (or multipart/form-data for uploads).',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('INVALID_CONTENT_LENGTH', 'The Content-Length header does not match the body.');
    case 'FST_ERR_BAD_URL':
      return new AppError('MALFORMED_URL', 'The path is not a valid URL: check its %-encoding.');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('URI_TOO_LONG', 'A path segment is longer than any id or parameter of this API.');
    default:
      return fromStatus(error);
  }
};

/**
 * Errors of plugins that carry only a status (a static file the `send` module refuses to serve: a
 * directory, a dot-file, an encoded `..`). A refused file is answered like a missing one, so the
 * answer reveals nothing about what lies on disk.
 */
const fromStatus = (error: FastifyError): AppError | undefined => {
  const status = error.statusCode ?? 500;
  if (status === 403 || status === 404) return new AppError('ROUTE_NOT_FOUND', 'No such route or file.');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', 'The request body or a file is larger than allowed.');
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This Content-Type is not accepted here.');
  if (status >= 400 && status < 500) return new AppError('INVALID_REQUEST', 'The request is invalid.');
  return undefined;
};

/** An error in the contract's shape (docs/api/errors.md). */
export const errorBody = (error: AppError) => ({
  message: statusOf(error) === 400 && error.problems.length > 1 ? 'The request is invalid.' : error.message,
  errors: error.problems.map(presentProblem),
});

/** Every error leaves through here, in the contract's shape. */
export const handleError = (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
  const fastifyError = error as FastifyError;
  const apiError =
    error instanceof AppError
      ? error
      : fastifyError.validation
        ? validationError(fastifyError.validation as ErrorObject[], fastifyError.validationContext ?? 'body')
        : fromFastify(fastifyError);

  if (!apiError) {
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({
      message: 'Internal error.',
      errors: [
        {
          error_code: 'INTERNAL_ERROR',
          developer_message: `Something went wrong on our side. Quote request id ${request.id} when reporting it.`,
        },
      ],
      request_id: request.id,
    });
  }
  const status = statusOf(apiError);
  // An unreachable database is logged where it is met, once per outage: a line per refused request would flood the log.
  if (status >= 500 && apiError.code !== 'SERVICE_UNAVAILABLE') request.log.error({ err: error }, apiError.message);
  if (apiError.retryAfterSeconds !== undefined) reply.header('retry-after', String(apiError.retryAfterSeconds));
  if (apiError.language !== undefined) reply.header('content-language', apiError.language);
  return reply.status(status).send(errorBody(apiError));
};

/** The path as quoted in a message: a hostile one can be kilobytes long. */
const quotedPath = (url: string): string => {
  const path = url.split('?')[0] ?? '';
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
};

export const handleNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  handleError(new AppError('ROUTE_NOT_FOUND', `No route ${request.method} ${quotedPath(request.url)}.`), request, reply);

/** An error the HTTP parser raised before there was a request: in the contract's terms. */
const fromParser = (error: NodeJS.ErrnoException): AppError => {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('HEADERS_TOO_LARGE', 'The request headers are larger than the server accepts.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('REQUEST_TIMEOUT', 'The request did not arrive in time.');
    default:
      return new AppError('INVALID_REQUEST', 'The request is not valid HTTP: check its request line and headers.');
  }
};

/**
 * The raw response to a request the HTTP parser refused (Fastify's `clientErrorHandler`): there is no
 * request nor reply object, so the contract's error body is written to the socket as is — without
 * the body for a HEAD request, whose client reads none.
 */
export const clientErrorResponse = (error: NodeJS.ErrnoException & { rawPacket?: unknown }): string => {
  const apiError = fromParser(error);
  const status = statusOf(apiError);
  const body = JSON.stringify({ message: apiError.message, errors: apiError.problems.map(presentProblem) });
  const head = Buffer.isBuffer(error.rawPacket) && error.rawPacket.subarray(0, 5).toString('latin1') === 'HEAD ';
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n` +
    (head ? '' : body)
  );
};
