import {
  WebAuthnError,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { ApiFailure, failureFromBody, networkFailure } from '../../shared/api-failure.js';
import type { ApiData } from '../../shared/api-types.js';
import { consoleApi } from '../console-api.js';

const API = '/api/v2.0';

/** Whether this browser can use passkeys at all (WebAuthn, in a secure context). */
export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

/**
 * Why a ceremony ended in the browser rather than at the service: the person closed the prompt (or
 * it timed out), the authenticator already holds a passkey of theirs, or something else went wrong.
 */
export type CeremonyProblem = 'cancelled' | 'already-registered' | 'failed';

export class CeremonyFailure extends Error {
  constructor(readonly problem: CeremonyProblem) {
    super(problem);
    this.name = 'CeremonyFailure';
  }
}

const ceremony = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      throw new CeremonyFailure('already-registered');
    }
    const name = error instanceof Error ? error.name : '';
    throw new CeremonyFailure(name === 'NotAllowedError' || name === 'AbortError' ? 'cancelled' : 'failed');
  }
};

/** A public call of the sign-in API: its `data`, or an ApiFailure. */
const post = async <T>(path: string, body?: unknown): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(`${API}${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw networkFailure();
  }
  const parsed = (await response.json().catch(() => null)) as { data?: T } | null;
  if (!response.ok) throw failureFromBody(response.status, parsed);
  return parsed?.data as T;
};

/** Signs in with a passkey the browser offers (no address typed): the session cookie is set when it resolves. */
export const signInWithPasskey = async (): Promise<ApiData<'signInWithPasskey'>> => {
  const options = await post<PublicKeyCredentialRequestOptionsJSON>('/console/passkey_sign_in/options');
  const assertion = await ceremony(() => startAuthentication({ optionsJSON: options }));
  return post<ApiData<'signInWithPasskey'>>('/console/passkey_sign_in', assertion);
};

/** Creates a passkey for the signed-in person on this device (or a security key) and registers it under `name`. */
export const addPasskey = async (name: string): Promise<ApiData<'registerPasskey'>> => {
  const options = await consoleApi.request<PublicKeyCredentialCreationOptionsJSON>('POST', '/console/passkeys/options');
  const attestation = await ceremony(() => startRegistration({ optionsJSON: options }));
  return consoleApi.request<ApiData<'registerPasskey'>>('POST', '/console/passkeys', { ...attestation, ...(name ? { name } : {}) });
};

/** The code to explain a failure by: the service's error code, or the browser's problem. */
export const passkeyProblemOf = (error: unknown): string =>
  error instanceof CeremonyFailure ? error.problem : error instanceof ApiFailure ? error.code : 'failed';
