import type { Problem } from '../../domain/app-error.js';
import type { AuthenticationMethodName } from '../../domain/recipient-authentication.js';
import type { RecipientAuthentication } from '../../infra/db/tables/recipient-authentications-table.js';
import type { Recipient } from '../../infra/db/tables/recipients-table.js';
import { hashSecret } from '../../infra/secret-hash.js';
import type { ObserverInput, SignerInput } from './new-envelope.js';

/**
 * A signer's `authentication` (docs/concepts/recipients.md). The access code is hashed as soon as the request is
 * checked when it has to wait (an embedded composer's draft), so no stored request ever holds it.
 */
export interface AuthenticationInput {
  method: AuthenticationMethodName;
  accessCode?: string;
  accessCodeHash?: string;
}

/** The problems of the signers' and observers' `authentication`, each at its path. */
export const authenticationProblems = (signers: readonly SignerInput[], observers: readonly ObserverInput[]): Problem[] => {
  const problems: Problem[] = [];
  signers.forEach((signer, i) => {
    const authentication = signer.authentication;
    if (!authentication) return;
    const path = `recipients.signers[${i}].authentication`;
    if (authentication.method === 'sms' && (signer.countryCode === undefined || signer.phoneNumber === undefined)) {
      problems.push({
        code: 'PHONE_NUMBER_REQUIRED',
        message: 'SMS authentication needs the signer’s country_code and phone_number.',
        field: `recipients.signers[${i}].phone_number`,
      });
    }
    const hasCode = authentication.accessCode !== undefined || authentication.accessCodeHash !== undefined;
    if (authentication.method === 'access_code' && !hasCode) {
      problems.push({
        code: 'FIELD_REQUIRED',
        message: 'The access_code method needs the access_code (4–64 characters).',
        field: `${path}.access_code`,
      });
    }
    if (authentication.method === 'sms' && hasCode) {
      problems.push({
        code: 'INVALID_FIELD',
        message: 'An access_code goes with method access_code, not sms.',
        field: `${path}.access_code`,
      });
    }
  });
  observers.forEach((observer, i) => {
    if (observer.authentication === undefined) return;
    problems.push({
      code: 'AUTHENTICATION_NOT_FOR_OBSERVERS',
      message: 'Observers do not sign, so they do not authenticate: authentication is for signers only.',
      field: `recipients.observers[${i}].authentication`,
    });
  });
  return problems;
};

/** The authentication with its access code replaced by the code's hash. */
export const withHashedAccessCode = async (authentication: AuthenticationInput | undefined): Promise<AuthenticationInput | undefined> => {
  if (authentication?.accessCode === undefined) return authentication;
  return { method: authentication.method, accessCodeHash: await hashSecret(authentication.accessCode) };
};

/** The authentication rows of a new envelope's signers (in the same order as their inputs). */
export const authenticationRows = async (
  signers: readonly Pick<Recipient, 'id' | 'envelopeId'>[],
  inputs: readonly SignerInput[],
): Promise<RecipientAuthentication[]> => {
  const rows = await Promise.all(
    inputs.map(async (input, i): Promise<RecipientAuthentication | undefined> => {
      const hashed = await withHashedAccessCode(input.authentication);
      const signer = signers[i];
      if (!hashed || !signer) return undefined;
      return {
        recipientId: signer.id,
        envelopeId: signer.envelopeId,
        method: hashed.method,
        accessCodeHash: hashed.accessCodeHash ?? null,
        smsCodeHash: null,
        smsCodeSentAt: null,
        smsCodeExpiresAt: null,
        failedAttempts: 0,
        lockedUntil: null,
        authenticatedAt: null,
      };
    }),
  );
  return rows.filter((row) => row !== undefined);
};
