/** One problem of a refused request, as the API reports it. */
export interface ApiProblem {
  error_code: string;
  developer_message: string;
  /** The JSON path of the field at fault, when one field is. */
  field?: string;
}

/** A request the API refused (any non-2xx answer): its status, every problem it reported, and what to quote to support. */
export class CountersignError extends Error {
  override readonly name = 'CountersignError';

  constructor(
    message: string,
    readonly status: number,
    /** Every problem at once; empty when the answer was not the API's error shape (a proxy's 502, say). */
    readonly errors: ApiProblem[],
    /** The X-Request-Id of the answer, for the service's logs. */
    readonly requestId: string | undefined,
    /** Seconds to wait, from Retry-After (429, 503). */
    readonly retryAfter: number | undefined,
  ) {
    super(message);
  }

  /** The first problem's error_code (most answers carry one problem). */
  get errorCode(): string | undefined {
    return this.errors[0]?.error_code;
  }

  /** Whether any problem carries this error_code. */
  hasErrorCode(code: string): boolean {
    return this.errors.some((problem) => problem.error_code === code);
  }
}

const isProblem = (value: unknown): value is ApiProblem =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ApiProblem).error_code === 'string' &&
  typeof (value as ApiProblem).developer_message === 'string';

/** The error a non-2xx answer stands for; its body is read here. */
export const errorFromResponse = async (response: Response): Promise<CountersignError> => {
  const text = await response.text();
  let body: { message?: unknown; errors?: unknown; request_id?: unknown } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // Not the API's JSON error shape (an intermediary's page): the status tells what happened.
  }
  const errors = Array.isArray(body.errors) ? body.errors.filter(isProblem) : [];
  const message =
    typeof body.message === 'string' ? body.message : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
  const requestId = response.headers.get('x-request-id') ?? (typeof body.request_id === 'string' ? body.request_id : undefined);
  const retryAfterHeader = response.headers.get('retry-after');
  const retryAfter = retryAfterHeader !== null && /^\d+$/.test(retryAfterHeader.trim()) ? Number(retryAfterHeader) : undefined;
  const codes = errors.length ? ` [${errors.map((problem) => problem.error_code).join(', ')}]` : '';
  return new CountersignError(`${message}${codes}`, response.status, errors, requestId, retryAfter);
};
