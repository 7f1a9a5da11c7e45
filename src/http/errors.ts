import type { ErrorObject } from 'ajv';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, type ErrorDetail } from '../domain/api-error.js';

type SchemaWithCodes = { 'x-missing-code'?: string; 'x-invalid-code'?: string; properties?: Record<string, SchemaWithCodes> };

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
const toDetail = (error: ErrorObject, part: string): ErrorDetail => {
  const params = error.params as Record<string, string>;
  const prefix = part === 'body' ? '' : `${part}.`;
  if (error.keyword === 'additionalProperties') {
    const field = prefix + toFieldPath(error.instancePath, params.additionalProperty);
    return { error_code: 'UNKNOWN_FIELD', developer_message: `Unknown field "${field}".`, field };
  }
  if (error.keyword === 'required') {
    const field = prefix + toFieldPath(error.instancePath, params.missingProperty);
    const schema = (error.parentSchema as SchemaWithCodes | undefined)?.properties?.[params.missingProperty ?? ''];
    return { error_code: schema?.['x-missing-code'] ?? 'FIELD_REQUIRED', developer_message: `"${field}" is required.`, field };
  }
  const field = prefix + toFieldPath(error.instancePath);
  const schema = error.parentSchema as SchemaWithCodes | undefined;
  const empty = error.keyword === 'minLength' && error.data === '';
  const code = (empty ? schema?.['x-missing-code'] : undefined) ?? schema?.['x-invalid-code'] ?? 'INVALID_FIELD';
  return { error_code: code, developer_message: `"${field || part}" ${describe(error)}.`, field: field || part };
};

export const validationError = (errors: ErrorObject[], part: string): ApiError => {
  const seen = new Set<string>();
  const details = errors
    // `if`/`anyOf` wrappers repeat what their branches already said.
    .filter((e) => !['if', 'anyOf', 'oneOf'].includes(e.keyword))
    .map((e) => toDetail(e, part))
    .filter((d) => {
      const key = `${d.error_code}|${d.field}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  return ApiError.many(400, 'The request is invalid.', details.length ? details : [{ error_code: 'INVALID_REQUEST', developer_message: 'The request is invalid.' }]);
};

/** Fastify's own errors (body parsing, limits) in the contract's terms. */
const fromFastify = (error: FastifyError): ApiError | undefined => {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('MALFORMED_JSON', 400, 'The body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError('PAYLOAD_TOO_LARGE', 413, 'The request body or a file is larger than allowed.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 415, 'This Content-Type is not accepted here; send application/json (or multipart/form-data for uploads).');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError('INVALID_CONTENT_LENGTH', 400, 'The Content-Length header does not match the body.');
    default:
      if (error.statusCode === 400 && error.code?.startsWith('FST_')) return new ApiError('INVALID_REQUEST', 400, error.message);
      return undefined;
  }
};

/** Every error leaves through here, in the contract's shape. */
export const handleError = (error: FastifyError | ApiError, request: FastifyRequest, reply: FastifyReply) => {
  const fastifyError = error as FastifyError;
  const apiError =
    error instanceof ApiError
      ? error
      : fastifyError.validation
        ? validationError(fastifyError.validation as ErrorObject[], fastifyError.validationContext ?? 'body')
        : fromFastify(fastifyError);

  if (!apiError) {
    request.log.error({ err: error }, 'Unhandled error');
    return reply.status(500).send({
      message: 'Internal error.',
      errors: [{ error_code: 'INTERNAL_ERROR', developer_message: `Something went wrong on our side. Quote request id ${request.id} when reporting it.` }],
      request_id: request.id,
    });
  }
  if (apiError.status >= 500) request.log.error({ err: error }, apiError.message);
  return reply
    .status(apiError.status)
    .headers(apiError.headers)
    .send({ message: apiError.status === 400 && apiError.details.length > 1 ? 'The request is invalid.' : apiError.message, errors: apiError.details });
};

export const handleNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  handleError(new ApiError('ROUTE_NOT_FOUND', 404, `No route ${request.method} ${request.url.split('?')[0]}.`), request, reply);
