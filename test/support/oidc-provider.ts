import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import Provider from 'oidc-provider';

/** What the provider says of a person: the claims of their ID token. */
export interface TestIdentity {
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
}

export interface TestIdentityProvider {
  /** `http://127.0.0.1:<port>`: the issuer, exactly as discovery names it. */
  issuer: string;
  /** The client Countersign is registered as; `otherClient` is a second one, for audience tests. */
  client: TestClient;
  otherClient: TestClient;
  /** Who the next sign-in at the provider is (its interaction logs them in and consents at once). */
  signInAs(identity: TestIdentity): void;
  /**
   * Rewrites the claims of the next ID token the token endpoint answers and signs it again with the
   * provider's own key: a token the provider could have issued (another audience, an old expiry).
   */
  tamperNextIdToken(change: (claims: Record<string, unknown>) => Record<string, unknown>): void;
  close(): Promise<void>;
}

const base64url = (value: Buffer | string): string => Buffer.from(value).toString('base64url');

const resign = (idToken: string, key: KeyObject, change: (claims: Record<string, unknown>) => Record<string, unknown>): string => {
  const [header, payload] = idToken.split('.') as [string, string];
  const claims = change(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>);
  const signingInput = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64url(sign('sha256', Buffer.from(signingInput), key))}`;
};

/**
 * A real OpenID provider (oidc-provider 9) on 127.0.0.1 at a random port, with two confidential
 * clients whose redirect URI is `redirectUri`. Its login and consent screens are replaced by an
 * interaction that signs in whoever `signInAs` named, so a test follows the redirects by hand.
 */
export const startTestIdentityProvider = async (
  redirectUri: string,
  options: { tokenEndpointAuthMethod?: 'client_secret_basic' | 'client_secret_post' } = {},
): Promise<TestIdentityProvider> => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-signing-key', use: 'sig', alg: 'RS256' };
  const client = { clientId: 'countersign', clientSecret: randomBytes(24).toString('base64url') };
  const otherClient = { clientId: 'another-application', clientSecret: randomBytes(24).toString('base64url') };
  const authMethod = options.tokenEndpointAuthMethod ?? 'client_secret_basic';
  const identities = new Map<string, TestIdentity>();
  let next: TestIdentity = { email: 'nobody@example.test', email_verified: true };
  let tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [client, otherClient].map(({ clientId, clientSecret }) => ({
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: authMethod,
    })),
    clientAuthMethods: [authMethod],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The claims asked for by scope go into the ID token, which is all Countersign reads.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => {
        const identity = identities.get(sub)!;
        return { sub, email: identity.email, email_verified: identity.email_verified, ...(identity.name ? { name: identity.name } : {}) };
      },
    }),
  });
  provider.use(async (ctx, nextMiddleware) => {
    await nextMiddleware();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && ctx.status === 200 && body?.id_token && tamper) {
      const change = tamper;
      tamper = undefined;
      ctx.body = { ...body, id_token: resign(body.id_token, privateKey, change) };
    }
  });

  const handle = provider.callback();
  server.on('request', (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return handle(req, res);
    void (async () => {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        const sub = `sub-${next.email}`;
        identities.set(sub, next);
        await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
        return;
      }
      const grant = new provider.Grant({ accountId: details.session!.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });

  return {
    issuer,
    client,
    otherClient,
    signInAs: (identity) => {
      next = identity;
    },
    tamperNextIdToken: (change) => {
      tamper = change;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
