import { Type, type Static } from 'typebox';
import { SSO_LIMITS, type SsoSettings } from '../../../domain/sso-settings.js';
import { USER_ROLES } from '../../../domain/user-role.js';
import { List, Ok, RequiredText, Strict, Text, Timestamp } from '../../schema-kit.js';

const Issuer = RequiredText(SSO_LIMITS.maxIssuerLength, 'FIELD_REQUIRED', {
  description:
    "The provider's issuer URL, exactly as its discovery document (`{issuer}/.well-known/openid-configuration`) names it. " +
    'https only; http and loopback or private addresses only where the operator set SSO_ALLOW_PRIVATE=true (400 INVALID_SSO_ISSUER)',
});
const ClientId = RequiredText(SSO_LIMITS.maxClientIdLength, 'FIELD_REQUIRED', {
  description: 'The client (application) id that the provider gave Countersign',
});
const EmailDomains = List(Text(253, { 'x-invalid-code': 'INVALID_FIELD' }), SSO_LIMITS.maxDomains, {
  minItems: SSO_LIMITS.minDomains,
  'x-invalid-code': 'INVALID_FIELD',
  description:
    'The e-mail domains (1 to 50, like `acme.example`; no `@`, no wildcard, a subdomain is a domain of its own) whose people ' +
    'sign in through this provider. Lower-cased, duplicates dropped. A domain belongs to one account: 409 SSO_DOMAIN_TAKEN',
});
const DEFAULT_ROLE = 'The role of a person whose first sign-in creates their user (just in time); existing users keep theirs';
const ENFORCED =
  "When true the account's users, except the owner (the way back in), cannot sign in by password, passkey or e-mail link (403 SSO_REQUIRED)";
const DefaultRole = (description: string) =>
  Type.Unsafe<'admin' | 'sender'>(Type.String({ enum: [...USER_ROLES], maxLength: 16, 'x-invalid-code': 'INVALID_ROLE', description }));

export const SsoBody = Strict({
  issuer: Issuer,
  client_id: ClientId,
  client_secret: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: SSO_LIMITS.maxClientSecretLength,
      description:
        'The client secret, stored encrypted and never answered. Required the first time (400 FIELD_REQUIRED); left out later, the stored one is kept',
    }),
  ),
  email_domains: EmailDomains,
  default_role: Type.Optional(DefaultRole(`${DEFAULT_ROLE}; \`sender\` when left out`)),
  enforced: Type.Optional(Type.Boolean({ description: `${ENFORCED}; false when left out` })),
});

export const SsoData = Type.Object({
  issuer: Text(SSO_LIMITS.maxIssuerLength, { description: 'The issuer as its discovery document names it' }),
  client_id: Text(SSO_LIMITS.maxClientIdLength),
  client_secret_set: Type.Boolean({ description: 'Always true: a secret is stored; it is never shown' }),
  email_domains: List(Text(253), SSO_LIMITS.maxDomains),
  default_role: DefaultRole(DEFAULT_ROLE),
  enforced: Type.Boolean({ description: ENFORCED }),
  redirect_uri: Text(2100, { description: 'The redirect URI to register at the provider: `{PUBLIC_URL}/console/sso/callback`' }),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});

export const SsoResponse = Ok(SsoData, "The account's single sign-on");

export const presentSso = (settings: SsoSettings, redirectUri: string): Static<typeof SsoData> => ({
  issuer: settings.issuer,
  client_id: settings.clientId,
  client_secret_set: true,
  email_domains: settings.emailDomains,
  default_role: settings.defaultRole,
  enforced: settings.enforced,
  redirect_uri: redirectUri,
  created_at: settings.createdAt,
  updated_at: settings.updatedAt,
});

export const ssoExample: Static<typeof SsoData> = {
  issuer: 'https://login.microsoftonline.com/4f2c9a1e-7b3d-4e8a-9c1f-2d6b8e0a5c73/v2.0',
  client_id: '0b8e5f2a-3c71-4d9e-a6b4-91f0c2e7d358',
  client_secret_set: true,
  email_domains: ['acme.example', 'acme-labs.example'],
  default_role: 'sender',
  enforced: false,
  redirect_uri: 'https://sign.acme.example/console/sso/callback',
  created_at: '2026-11-21T08:15:32.000Z',
  updated_at: '2026-11-21T08:15:32.000Z',
};
