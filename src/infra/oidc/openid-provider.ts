import * as oidc from 'openid-client';
import { AppError } from '../../domain/app-error.js';
import { SSO_LIMITS } from '../../domain/sso-settings.js';
import { boundedFetch, providerAddressProblem } from './bounded-fetch.js';

/** The discovery document as fetched when the admin saved it: what every later step reads, so none fetches it again. */
export type ProviderMetadata = oidc.ServerMetadata;

/** What the server needs to talk to an account's provider. */
export interface ProviderClient {
  metadata: ProviderMetadata;
  clientId: string;
  clientSecret: string;
  allowPrivate: boolean;
  /** The server's clock (ctx.clock): the ID token's times are judged against it. */
  now: Date;
}

/** What a verified ID token says of the person. */
export interface ProviderIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
}

const bounds = (allowPrivate: boolean) => ({
  allowPrivate,
  timeoutMs: SSO_LIMITS.requestTimeoutMs,
  maxBytes: SSO_LIMITS.maxResponseBytes,
});

const discoveryFailed = (reason: string) =>
  new AppError('SSO_DISCOVERY_FAILED', `The provider's discovery document could not be used: ${reason}.`, { field: 'issuer' });

const reasonOf = (error: unknown): string => {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
};

/** client_secret_basic unless discovery lists only client_secret_post (an absent list means basic, RFC 8414). */
const clientAuthentication = (metadata: ProviderMetadata, secret: string): oidc.ClientAuth => {
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  return methods.includes('client_secret_basic') ? oidc.ClientSecretBasic(secret) : oidc.ClientSecretPost(secret);
};

const endpointProblems = async (metadata: ProviderMetadata, allowPrivate: boolean): Promise<string | undefined> => {
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (methods && !methods.includes('client_secret_basic') && !methods.includes('client_secret_post'))
    return 'the token endpoint accepts neither client_secret_basic nor client_secret_post';
  for (const name of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    const value = metadata[name];
    if (typeof value !== 'string') return `it has no ${name}`;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return `its ${name} is not a URL`;
    }
    // The browser, not the server, goes to the authorization endpoint: only its scheme is judged.
    const problem =
      name === 'authorization_endpoint'
        ? url.protocol === 'https:' || (allowPrivate && url.protocol === 'http:')
          ? undefined
          : `${url.origin} is not https`
        : await providerAddressProblem(url, allowPrivate);
    if (problem) return `its ${name}: ${problem}`;
  }
  return undefined;
};

/**
 * Fetches `{issuer}/.well-known/openid-configuration` and checks it: JSON, the same issuer, an
 * authorization and a token endpoint and a JWKS the server may call, a client authentication it
 * can use. Anything else: SSO_DISCOVERY_FAILED with the reason.
 */
export const discoverProvider = async (issuer: URL, clientId: string, allowPrivate: boolean): Promise<ProviderMetadata> => {
  let configuration: oidc.Configuration;
  try {
    configuration = await oidc.discovery(issuer, clientId, undefined, undefined, {
      [oidc.customFetch]: boundedFetch(bounds(allowPrivate)),
      execute: allowPrivate ? [oidc.allowInsecureRequests] : [],
      timeout: SSO_LIMITS.requestTimeoutMs / 1000,
    });
  } catch (error) {
    throw discoveryFailed(reasonOf(error));
  }
  const metadata = { ...configuration.serverMetadata() } as ProviderMetadata;
  const problem = await endpointProblems(metadata, allowPrivate);
  if (problem) throw discoveryFailed(problem);
  return JSON.parse(JSON.stringify(metadata)) as ProviderMetadata;
};

const configurationOf = (client: ProviderClient): oidc.Configuration => {
  const configuration = new oidc.Configuration(
    client.metadata,
    client.clientId,
    { client_secret: client.clientSecret, [oidc.clockSkew]: Math.round((client.now.getTime() - Date.now()) / 1000) },
    clientAuthentication(client.metadata, client.clientSecret),
  );
  configuration[oidc.customFetch] = boundedFetch(bounds(client.allowPrivate));
  configuration.timeout = SSO_LIMITS.requestTimeoutMs / 1000;
  if (client.allowPrivate) oidc.allowInsecureRequests(configuration);
  return configuration;
};

/** A sign-in under way: its `state`, `nonce` and PKCE verifier, which the callback needs back. */
export interface SignInSecrets {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export const newSignInSecrets = (): SignInSecrets => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  codeVerifier: oidc.randomPKCECodeVerifier(),
});

/** Where the browser goes to sign in: the code flow with PKCE (S256), `state` and `nonce`; the address as a hint to the provider. */
export const authorizationUrl = async (
  client: ProviderClient,
  redirectUri: string,
  secrets: SignInSecrets,
  loginHint: string,
): Promise<URL> =>
  oidc.buildAuthorizationUrl(configurationOf(client), {
    login_hint: loginHint,
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: secrets.state,
    nonce: secrets.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(secrets.codeVerifier),
    code_challenge_method: 'S256',
  });

/** Codes of openid-client's errors that say the provider could not be reached or understood, not that its token is bad. */
const PROVIDER_ERROR_CODES = new Set([
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_HTTP_REQUEST_FORBIDDEN',
  'OAUTH_REQUEST_PROTOCOL_FORBIDDEN',
]);

/** The provider said no (an error in the callback or from its token endpoint), or fetch failed (refused address, time-out). */
const isProviderFailure = (error: unknown): boolean => {
  if (error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ResponseBodyError) return true;
  if (error instanceof oidc.WWWAuthenticateChallengeError || !(error instanceof oidc.ClientError)) return true;
  return error.code === undefined || PROVIDER_ERROR_CODES.has(error.code);
};

/** Why a callback failed, for the log: the provider's or the library's words, never a token. */
export class ProviderRefusal extends AppError {
  constructor(
    code: 'SSO_PROVIDER_ERROR' | 'SSO_TOKEN_INVALID',
    readonly reason: string,
  ) {
    super(
      code,
      code === 'SSO_PROVIDER_ERROR' ? 'The identity provider refused the sign-in or could not be reached.' : 'The ID token is not valid.',
    );
  }
}

/**
 * Exchanges the callback's code (with the PKCE verifier) and checks the ID token: signature by the
 * provider's JWKS, issuer, audience, expiry, nonce. Throws ProviderRefusal.
 */
export const redeemCallback = async (client: ProviderClient, callbackUrl: URL, secrets: SignInSecrets): Promise<ProviderIdentity> => {
  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(configurationOf(client), callbackUrl, {
      expectedState: secrets.state,
      expectedNonce: secrets.nonce,
      pkceCodeVerifier: secrets.codeVerifier,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new ProviderRefusal(isProviderFailure(error) ? 'SSO_PROVIDER_ERROR' : 'SSO_TOKEN_INVALID', reasonOf(error));
  }
  if (!claims) throw new ProviderRefusal('SSO_TOKEN_INVALID', 'the token response has no ID token');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    emailVerified: claims.email_verified === true,
    name: typeof claims.name === 'string' ? claims.name : undefined,
  };
};
