import { failureFromBody, networkFailure } from '../../shared/api-failure.js';
import type { ApiBody } from '../../shared/api-types.js';

const API = '/api/v2.0';

/** A public call of the sign-in API (no token, no app_auth_type): resolves to the answer's message, or throws an ApiFailure. */
const post = async (path: string, body: unknown): Promise<string> => {
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw networkFailure();
  }
  const parsed = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw failureFromBody(response.status, parsed);
  return parsed?.message ?? '';
};

/** Sets the session cookie when the pair is right. */
export const signInWithPassword = (email: string, password: string) =>
  post('/console/sign_in', { email, password } satisfies ApiBody<'signInWithPassword'>);

/** Always answers the same, whether or not the address is a user's. */
export const requestPasswordReset = (email: string) => post('/console/password_reset', { email } satisfies ApiBody<'requestPasswordReset'>);

export const resetPassword = (token: string, newPassword: string) =>
  post(`/console/password_reset/${encodeURIComponent(token)}`, { new_password: newPassword } satisfies ApiBody<'resetPassword'>);

/** The reset link's token, when the console was opened at `/console/reset/{token}`. */
export const resetTokenInPath = (pathname: string): string | null => /^\/console\/reset\/([^/]+)$/.exec(pathname)?.[1] ?? null;
