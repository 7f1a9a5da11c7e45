import type { ApiErrorItem } from './api-types.js';

/** An error answer of the service, in the `{ message, errors: [...] }` shape. */

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ApiErrorItem[],
    /** The answer's Content-Language: whose language the refusal speaks for (a signer's, on the signing API). */
    readonly language: string | null = null,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }

  /** The first error code, or a synthetic one when the body was not the contract's shape. */
  get code(): string {
    return this.errors[0]?.error_code ?? `HTTP_${this.status}`;
  }

  hasCode(code: string): boolean {
    return this.errors.some((error) => error.error_code === code);
  }
}

/** Thrown when the service could not be reached at all (offline, DNS, aborted). */
export const networkFailure = (): ApiFailure =>
  new ApiFailure(0, 'The service could not be reached. Check your connection and try again.', [
    { error_code: 'NETWORK_ERROR', developer_message: 'The request did not reach the service.' },
  ]);

export const failureFromBody = (status: number, body: unknown, language: string | null = null): ApiFailure => {
  const shaped = body as { message?: unknown; errors?: unknown } | null;
  const message = typeof shaped?.message === 'string' ? shaped.message : `The service answered ${status}.`;
  const errors = Array.isArray(shaped?.errors) ? (shaped.errors as ApiErrorItem[]) : [];
  return new ApiFailure(status, message, errors, language);
};
