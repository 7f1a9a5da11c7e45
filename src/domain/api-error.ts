/** One problem with a request, as the contract's `errors[]` entry carries it. */
export interface ErrorDetail {
  error_code: string;
  developer_message: string;
  field?: string;
}

/**
 * An error that is part of the contract: a code, an HTTP status and a human message.
 * Thrown anywhere below the HTTP layer; `http/errors.ts` maps it to the response shape.
 */
export class ApiError extends Error {
  readonly details: ErrorDetail[];

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    options: { field?: string; headers?: Record<string, string>; details?: ErrorDetail[] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.headers = options.headers ?? {};
    this.details = options.details ?? [
      { error_code: code, developer_message: message, ...(options.field ? { field: options.field } : {}) },
    ];
  }

  readonly headers: Record<string, string>;

  /** Several problems found at once (every validation problem is reported, not only the first). */
  static many(status: number, summary: string, details: ErrorDetail[]): ApiError {
    const first = details[0];
    if (!first) throw new Error('ApiError.many needs at least one detail');
    return new ApiError(first.error_code, status, summary, { details });
  }
}

export const badRequest = (code: string, message: string, field?: string) =>
  new ApiError(code, 400, message, field ? { field } : {});
export const notFound = (code: string, message: string) => new ApiError(code, 404, message);
export const conflict = (code: string, message: string) => new ApiError(code, 409, message);
