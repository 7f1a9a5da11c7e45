import { Type } from 'typebox';
import { PASSKEYS } from '../../../domain/passkey.js';
import { Id, Int, List, Nullable, Ok, Strict, Text, Timestamp } from '../../schema-kit.js';

/**
 * The WebAuthn JSON of the browser (PublicKeyCredential.toJSON(), @simplewebauthn/browser) travels
 * as the standard names it, camelCase: clients post what the browser gave them, unchanged. Every
 * string is base64url and bounded; the whole body is bounded by the routes' own body limit.
 */
const Base64Url = (maxLength: number, options: Record<string, unknown> = {}) =>
  Type.String({ maxLength, pattern: '^[A-Za-z0-9_-]*$', ...options });

/** A credential id is at most 1,023 bytes (WebAuthn): 1,364 base64url characters. */
const CREDENTIAL_ID_CHARS = 1364;

export const PASSKEY_BODY_LIMIT = 64 * 1024;

const Transports = List(Text(32), 8, { description: 'How the authenticator is reached (`internal`, `usb`, `nfc`, `ble`, `hybrid`…)' });

const ClientExtensionResults = Type.Object(
  {},
  { additionalProperties: true, maxProperties: 16, description: "The browser's extension outputs (`credProps`…), as it gave them" },
);

const AuthenticatorAttachment = Type.Optional(Type.Union([Type.Literal('platform'), Type.Literal('cross-platform')]));

export const RegisterPasskeyBody = Strict(
  {
    id: Base64Url(CREDENTIAL_ID_CHARS, { minLength: 1, description: 'The credential id' }),
    rawId: Base64Url(CREDENTIAL_ID_CHARS, { minLength: 1, description: 'The same id' }),
    type: Type.Literal('public-key'),
    response: Strict({
      clientDataJSON: Base64Url(4096, { minLength: 1 }),
      attestationObject: Base64Url(16_384, { minLength: 1 }),
      authenticatorData: Type.Optional(Base64Url(16_384)),
      transports: Type.Optional(Transports),
      publicKeyAlgorithm: Type.Optional(Int(-65_536, 65_535)),
      publicKey: Type.Optional(Base64Url(4096)),
    }),
    authenticatorAttachment: AuthenticatorAttachment,
    clientExtensionResults: ClientExtensionResults,
    name: Type.Optional(
      Text(PASSKEYS.maxNameLength, {
        description: `What the person calls this passkey (its device, say), up to ${PASSKEYS.maxNameLength} characters; "Passkey 1", "Passkey 2"… when left out or blank`,
      }),
    ),
  },
  { description: "The browser's RegistrationResponseJSON (the attestation) for options of this user, and a name for the passkey" },
);

export const PasskeySignInBody = Strict(
  {
    id: Base64Url(CREDENTIAL_ID_CHARS, { minLength: 1, description: 'The credential id' }),
    rawId: Base64Url(CREDENTIAL_ID_CHARS, { minLength: 1, description: 'The same id' }),
    type: Type.Literal('public-key'),
    response: Strict({
      clientDataJSON: Base64Url(4096, { minLength: 1 }),
      authenticatorData: Base64Url(16_384, { minLength: 1 }),
      signature: Base64Url(2048, { minLength: 1 }),
      userHandle: Type.Optional(Base64Url(128)),
      attestationObject: Type.Optional(Base64Url(16_384)),
    }),
    authenticatorAttachment: AuthenticatorAttachment,
    clientExtensionResults: ClientExtensionResults,
  },
  { description: "The browser's AuthenticationResponseJSON (the assertion) for the sign-in options' challenge" },
);

const CredentialDescriptor = Type.Object({
  id: Base64Url(CREDENTIAL_ID_CHARS),
  type: Text(16, { description: '`public-key`' }),
  transports: Type.Optional(Transports),
});

export const CreationOptionsResponse = Ok(
  Type.Object(
    {
      challenge: Base64Url(128, { description: 'Single use, valid 5 minutes' }),
      rp: Type.Object({ name: Text(64), id: Type.Optional(Text(253, { description: "PUBLIC_URL's host name" })) }),
      user: Type.Object({
        id: Base64Url(128, { description: "The user handle: the user's id, never the address" }),
        name: Text(320),
        displayName: Text(255),
      }),
      pubKeyCredParams: List(Type.Object({ alg: Int(-65_536, 65_535), type: Type.Literal('public-key') }), 8),
      timeout: Type.Optional(Int(0, 600_000)),
      excludeCredentials: Type.Optional(List(CredentialDescriptor, PASSKEYS.maxPerUser, { description: "The user's passkeys" })),
      authenticatorSelection: Type.Optional(
        Type.Object({
          residentKey: Type.Optional(Text(16)),
          requireResidentKey: Type.Optional(Type.Boolean()),
          userVerification: Type.Optional(Text(16)),
        }),
      ),
      hints: Type.Optional(List(Text(16), 3)),
      attestation: Type.Optional(Text(16)),
      extensions: Type.Optional(Type.Object({ credProps: Type.Optional(Type.Boolean()) })),
    },
    {
      description:
        'PublicKeyCredentialCreationOptionsJSON: give it to navigator.credentials.create() (through PublicKeyCredential.parseCreationOptionsFromJSON)',
    },
  ),
  'Options for the browser to create a passkey',
);

export const RequestOptionsResponse = Ok(
  Type.Object(
    {
      challenge: Base64Url(128, { description: 'Single use, valid 5 minutes' }),
      rpId: Type.Optional(Text(253)),
      timeout: Type.Optional(Int(0, 600_000)),
      userVerification: Type.Optional(Text(16)),
      allowCredentials: Type.Optional(
        List(CredentialDescriptor, 0, { description: 'Always empty: the browser offers the passkeys it holds' }),
      ),
    },
    { description: 'PublicKeyCredentialRequestOptionsJSON: give it to navigator.credentials.get()' },
  ),
  'Options for the browser to sign in with a passkey',
);

export const PasskeyData = Type.Object({
  passkey_id: Id('pky'),
  name: Text(PASSKEYS.maxNameLength),
  created_at: Timestamp(),
  last_used_at: Nullable(Timestamp(), { description: 'The last sign-in with it; null until the first' }),
});

export const PasskeyIdParams = Type.Object({ passkeyId: Text(64) });

export const presentPasskey = (passkey: { id: string; name: string; createdAt: string; lastUsedAt: string | null }) => ({
  passkey_id: passkey.id,
  name: passkey.name,
  created_at: passkey.createdAt,
  last_used_at: passkey.lastUsedAt,
});
