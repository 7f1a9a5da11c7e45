import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { RelyingParty } from '../../domain/passkey.js';

/**
 * The WebAuthn ceremonies of @simplewebauthn/server, in the service's terms. Passkeys are discoverable
 * (residentKey `required`): sign-in asks for no address and lists no credentials. User verification
 * is `preferred`, so a security key without a PIN still works: the passkey is then something the
 * person has, like the mailbox of a sign-in link. Attestation is `none`: no authenticator model is
 * vetted, and none is asked to identify itself.
 *
 * The library loads with the first ceremony: a server whose users never use a passkey never holds it in
 * memory (docs/operations/scaling.md "Memory").
 */
let loaded: Promise<typeof SimpleWebAuthn> | undefined;
const webauthn = () => (loaded ??= import('@simplewebauthn/server'));

/** The WebAuthn user handle of a user: their opaque id, never their address (authenticators may show or sync it). */
export const userHandleOf = (userId: string): string => Buffer.from(userId, 'utf8').toString('base64url');

export const creationOptions = async (input: {
  rp: RelyingParty;
  user: { id: string; email: string; name: string };
  exclude: { credentialId: string; transports: string[] }[];
  timeoutMs: number;
}): Promise<PublicKeyCredentialCreationOptionsJSON> =>
  (await webauthn()).generateRegistrationOptions({
    rpName: input.rp.name,
    rpID: input.rp.id,
    userID: Buffer.from(userHandleOf(input.user.id), 'base64url'),
    userName: input.user.email,
    userDisplayName: input.user.name,
    timeout: input.timeoutMs,
    attestationType: 'none',
    excludeCredentials: input.exclude.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });

export const requestOptions = async (input: { rp: RelyingParty; timeoutMs: number }): Promise<PublicKeyCredentialRequestOptionsJSON> =>
  (await webauthn()).generateAuthenticationOptions({ rpID: input.rp.id, timeout: input.timeoutMs, userVerification: 'preferred' });

/** The challenge a browser's clientDataJSON (base64url of a JSON object) answers, when it is well-formed enough to say. */
export const challengeOf = (clientDataJSON: string): string | undefined => {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
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
    const { verifyRegistrationResponse } = await webauthn();
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
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
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
    const { verifyAuthenticationResponse } = await webauthn();
    const verified = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: input.challenge,
      expectedOrigin: input.rp.origin,
      expectedRPID: input.rp.id,
      // Zero: the library's own counter rule stays out of the way of counterAdvances.
      credential: {
        id: input.credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(input.credential.publicKey, 'base64url')),
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
