import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import type { RelyingParty } from '../../domain/passkey.js';

/**
 * The WebAuthn ceremonies of @simplewebauthn/server, in the service's terms. Passkeys are discoverable
 * (residentKey `required`): sign-in asks for no address and lists no credentials. User verification
 * is `preferred`, so a security key without a PIN still works: the passkey is then something the
 * person has, like the mailbox of a sign-in link. Attestation is `none`: no authenticator model is
 * vetted, and none is asked to identify itself.
 */

/** The WebAuthn user handle of a user: their opaque id, never their address (authenticators may show or sync it). */
export const userHandleOf = (userId: string): string => isoBase64URL.fromUTF8String(userId);

export const creationOptions = (input: {
  rp: RelyingParty;
  user: { id: string; email: string; name: string };
  exclude: { credentialId: string; transports: string[] }[];
  timeoutMs: number;
}): Promise<PublicKeyCredentialCreationOptionsJSON> =>
  generateRegistrationOptions({
    rpName: input.rp.name,
    rpID: input.rp.id,
    userID: isoBase64URL.toBuffer(userHandleOf(input.user.id)),
    userName: input.user.email,
    userDisplayName: input.user.name,
    timeout: input.timeoutMs,
    attestationType: 'none',
    excludeCredentials: input.exclude.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });

export const requestOptions = (input: { rp: RelyingParty; timeoutMs: number }): Promise<PublicKeyCredentialRequestOptionsJSON> =>
  generateAuthenticationOptions({ rpID: input.rp.id, timeout: input.timeoutMs, userVerification: 'preferred' });

/** The challenge a browser's clientDataJSON answers, when it is well-formed enough to say. */
export const challengeOf = (clientDataJSON: string): string | undefined => {
  try {
    const { challenge } = decodeClientDataJSON(clientDataJSON);
    return typeof challenge === 'string' ? challenge : undefined;
  } catch {
    return undefined;
  }
};

/** A verified registration: what the service keeps of the new credential. */
export interface VerifiedAttestation {
  credentialId: string;
  /** COSE, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

/** Checks an attestation against the challenge, origin and RP ID: the new credential, or why not. */
export const verifyAttestation = async (input: {
  response: RegistrationResponseJSON;
  challenge: string;
  rp: RelyingParty;
}): Promise<VerifiedAttestation | { refused: string }> => {
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      requireUserVerification: false,
    });
    if (!verified.verified) return { refused: 'the attestation did not verify' };
    const { credential } = verified.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (input.response.response.transports ?? []).slice(0, 8),
    };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : 'the attestation did not verify' };
  }
};

/**
 * Checks an assertion's signature over the challenge, origin and RP ID with the stored public key:
 * the counter the authenticator reported, or why not. The counter itself is judged by the caller
 * (counterAdvances), under the passkey row's lock.
 */
export const verifyAssertion = async (input: {
  response: AuthenticationResponseJSON;
  challenge: string;
  rp: RelyingParty;
  credential: { credentialId: string; publicKey: string; transports: string[] };
}): Promise<{ counter: number } | { refused: string }> => {
  try {
    const verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      // Zero: the library's own counter rule stays out of the way of counterAdvances.
      credential: {
        id: input.credential.credentialId,
        publicKey: isoBase64URL.toBuffer(input.credential.publicKey),
        counter: 0,
        transports: input.credential.transports,
      },
      requireUserVerification: false,
    });
    return verified.verified ? { counter: verified.authenticationInfo.newCounter } : { refused: 'the signature did not verify' };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : 'the signature did not verify' };
  }
};
