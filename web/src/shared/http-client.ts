import { failureFromBody, networkFailure } from './api-failure.js';

const send = async (url: string, init: RequestInit): Promise<Response> => {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...init });
  } catch {
    throw networkFailure();
  }
  if (!response.ok)
    throw failureFromBody(response.status, await response.json().catch(() => null), response.headers.get('content-language'));
  return response;
};

/** Calls a JSON endpoint and returns its `data`; any non-2xx answer becomes an ApiFailure. */
export const requestData = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
  // A FormData body sets its own multipart Content-Type (with the boundary).
  const json = init.body !== undefined && init.body !== null && !(init.body instanceof FormData);
  const headers = { Accept: 'application/json', ...(json ? { 'Content-Type': 'application/json' } : {}) };
  const response = await send(url, { ...init, headers: { ...headers, ...init.headers } });
  const body = (await response.json()) as { data: T };
  return body.data;
};

export const requestBytes = async (url: string, headers: Record<string, string> = {}): Promise<ArrayBuffer> => {
  const response = await send(url, { headers: { Accept: 'application/pdf', ...headers } });
  return response.arrayBuffer();
};
