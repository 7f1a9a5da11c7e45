import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** authenticatorData flags: user present, user verified, attested credential data included. */
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

type CborValue = Parameters<typeof isoCBOR.encode>[0];

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array): string => Buffer.from(data).toString('base64url');

const uint32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** What a ceremony may be told to get wrong, to see the service refuse it. */
export interface CeremonyOverrides {
  /** The origin the "browser" reports; the authenticator's own by default. */
  origin?: string;
  /** The RP ID whose hash the authenticator data carries. */
  rpId?: string;
  /** The challenge answered instead of the options' one. */
  challenge?: string;
}

/**
 * A FIDO2 authenticator in software, with the browser's part around it: an EC P-256 key per
 * credential (node:crypto), `none` attestation, a signature counter per credential, discoverable
 * credentials. It answers the service's options with the JSON a browser posts
 * (RegistrationResponseJSON, AuthenticationResponseJSON), so the API tests drive both ceremonies
 * for real and can make each of them wrong in one chosen way.
 */
export class SoftwareAuthenticator {
  private readonly credentials = new Map<string, StoredCredential>();

  /**
   * @param origin The page's origin, as the browser reports it in clientDataJSON.
   * @param counterStep How much the signature counter grows per assertion: 0 for an authenticator that keeps none (synced passkeys).
   */
  constructor(
    readonly origin: string,
    private readonly counterStep = 1,
  ) {}

  /** navigator.credentials.create() for the service's options. */
  register(options: PublicKeyCredentialCreationOptionsJSON, overrides: CeremonyOverrides = {}): RegistrationResponseJSON {
    const rpId = overrides.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, CborValue>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(0),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([id.length >> 8, id.length & 0xff]),
      id,
      cosePublicKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.set(b64url(id), { id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    const clientDataJSON = this.clientData('webauthn.create', overrides.challenge ?? options.challenge, overrides.origin);
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON, attestationObject: b64url(attestationObject), transports: ['internal'] },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /**
   * navigator.credentials.get() for the service's options, with the given credential (the newest by
   * default). `counter` sends that signature counter instead of the next one.
   */
  authenticate(
    options: PublicKeyCredentialRequestOptionsJSON,
    overrides: CeremonyOverrides & { credentialId?: string; counter?: number } = {},
  ): AuthenticationResponseJSON {
    const credential = this.credential(overrides.credentialId);
    credential.counter = overrides.counter ?? credential.counter + this.counterStep;
    const authData = Buffer.concat([
      sha256(overrides.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([FLAG_UP | FLAG_UV]),
      uint32(credential.counter),
    ]);
    const clientDataJSON = this.clientData('webauthn.get', overrides.challenge ?? options.challenge, overrides.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** The ids of the credentials it holds, oldest first. */
  credentialIds(): string[] {
    return [...this.credentials.keys()];
  }

  private credential(id?: string): StoredCredential {
    const found = id ? this.credentials.get(id) : [...this.credentials.values()].at(-1);
    if (!found) throw new Error(`the software authenticator holds no credential ${id ?? ''}`);
    return found;
  }

  private clientData(type: string, challenge: string, origin = this.origin): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString('base64url');
  }
}
