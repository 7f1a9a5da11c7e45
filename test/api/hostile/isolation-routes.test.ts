import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { signInNewConsoleUser } from '../../support/console-users.js';
import { exampleOf, type FuzzContext } from '../../support/fuzz-arbitraries.js';
import { sendRaw, type RawResponse } from '../../support/fuzz-client.js';
import { createAccountResources, fuzzContext, type AccountResources } from '../../support/fuzz-fixtures.js';
import { fillPath, readRouteTable, type Route } from '../../support/route-table.js';

/**
 * Item 9 of issue 8, second bullet: the isolation matrix, generated from the router's own route
 * table. Every route that takes an id and needs an access token is called with account B's token
 * and account A's real ids: 404, exactly like an unknown id (docs/api/conventions.md). A route added later joins
 * the matrix by existing; a public route that takes an id must be one of the capability routes
 * below, whose credential is the token in the path, or this suite fails until it is reviewed.
 */
const PUBLIC_CAPABILITY_ROUTES = new Set([
  '/sign/:token',
  '/verify/:envelopeId',
  '/verify/:envelopeId/check',
  '/api/v2.0/signing/:signingCode',
  '/api/v2.0/signing/:signingCode/documents/:documentId',
  '/api/v2.0/signing/:signingCode/sign',
  '/api/v2.0/signing/:signingCode/decline',
  '/api/v2.0/signing/:signingCode/attachments',
  // An approver's step (docs/concepts/signing.md): the signing token is the credential, as for signing.
  '/api/v2.0/signing/:signingCode/approve',
  // Hand-over and send-back (docs/api/corrections.md): the signing token is the credential, as for signing.
  '/api/v2.0/signing/:signingCode/reassign',
  '/api/v2.0/signing/:signingCode/return',
  // Recipient authentication (docs/concepts/recipients.md): the signing token is the credential, as for the routes above.
  '/api/v2.0/signing/:signingCode/send_code',
  '/api/v2.0/signing/:signingCode/authenticate',
  // A console sign-in link: the token in the path is the credential, and it names a user, not an account's resource.
  '/console/login/:token',
  // A password reset link's page and the call it makes (docs/api/sign-in.md): the single-use token is the credential, naming a user.
  '/console/reset/:token',
  '/api/v2.0/console/password_reset/:reset_code',
  // The first run's page (docs/guide/getting-started.md): the setup token in the path is the credential, and it names no account.
  '/setup/:token',
  // Public links (docs/api/public-links.md): the slug in the path is the capability a template's owner published.
  '/p/:slug',
  '/api/v2.0/public/:slug',
  '/api/v2.0/public/:slug/start',
  '/api/v2.0/public/:slug/verify',
  // The embedded builders (docs/api/people.md): their page and the API it calls; the builder token in the path is the credential.
  '/embed/template/:token',
  '/embed/compose/:token',
  '/api/v2.0/builder/:builderCode',
  '/api/v2.0/builder/:builderCode/documents/:documentId',
  '/api/v2.0/builder/:builderCode/template',
  '/api/v2.0/builder/:builderCode/send',
  // Public by the contract (docs/concepts/ledger.md): a position in the service-wide log, which belongs to no account
  // and whose proof reveals only hashes.
  '/api/v2.0/ledger/proof/:block_number',
  // The console's one page, answered for each of its paths: it carries nothing of an account, whose data it reads through the API with a token.
  '/envelopes/:envelopeId',
  '/templates/:templateId',
  '/templates/:templateId/send',
  '/bulk-sends/:bulkSendId',
  '/settings/:section',
  // swagger-ui's and the signing pages' static files.
  '/docs/static/*',
  '/app/*',
]);

const ANSWER_WITHIN_MS = 15_000;

describeOnEachDatabase(
  'Isolation matrix: another account’s ids on every id-taking route',
  (server) => {
    let routes: Route[];
    let owner: AccountResources;
    let ownerContext: FuzzContext;
    let intruderToken: string;
    let intruderPersonToken: string;

    before(async () => {
      routes = (await readRouteTable(server)).filter((route) => route.params.length > 0);
      owner = await createAccountResources(server);
      ownerContext = await fuzzContext(owner);
      const intruder = await server.newAccount('enterprise');
      intruderToken = intruder.accessToken;
      intruderPersonToken = (await signInNewConsoleUser(server, intruder.account_id, 'admin')).token;
    });

    /**
     * Bodies the schema accepts, from fewest fields up: the required ones alone, then each optional
     * field added on its own (a route may need one of several), then all of them.
     */
    const bodiesFor = (route: Route): (string | undefined)[] => {
      if (!route.bodySchema) return [undefined];
      const required = exampleOf(route.bodySchema, ownerContext, '', true) as Record<string, unknown>;
      const full = exampleOf(route.bodySchema, ownerContext) as Record<string, unknown>;
      const single = Object.keys(full)
        .filter((key) => !(key in required))
        .map((key) => ({ ...required, [key]: full[key] }));
      return [required, ...single, full].map((body) => JSON.stringify(body));
    };

    /** The route with A's real ids (or unknown ones) in the path. */
    const requestAs = (
      route: Route,
      token: string | undefined,
      body: string | undefined,
      ids: 'owner' | 'unknown' = 'owner',
      method = route.method,
    ) => {
      const values = Object.fromEntries(
        route.params.map((name) => [
          name,
          encodeURIComponent(ids === 'owner' ? (ownerContext.known[name]?.[0] ?? 'unknown') : 'unknown_id'),
        ]),
      );
      return sendRaw(
        server.url,
        {
          method,
          path: fillPath(route.path, values),
          headers: {
            app_auth_type: 'esign-oauth2',
            accept: 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body ? { body: new Uint8Array(Buffer.from(body)) } : {}),
        },
        ANSWER_WITHIN_MS,
      );
    };

    /**
     * B's answer with the first body that gets past validation (a 400 is validation, not the lookup).
     * A route that belongs to a person (passkeys) refuses an API client's token outright: B asks it
     * again with the token of one of B's people.
     */
    const intruderAnswer = async (route: Route, token = intruderToken): Promise<RawResponse> => {
      let last: RawResponse | undefined;
      for (const body of bodiesFor(route)) {
        last = await requestAs(route, token, body);
        if (last.status !== 400) break;
      }
      if (token === intruderToken && last!.status === 403 && last!.text.includes('"error_code":"ROLE_FORBIDDEN"')) {
        return intruderAnswer(route, intruderPersonToken);
      }
      return last!;
    };

    /**
     * Needs a token: without one (and with unknown ids, so that a public route changes nothing) it
     * answers 400 ACCESS_TOKEN_REQUIRED or 401 before looking anything up.
     */
    const needsToken = async (route: Route) => {
      const method = route.method === 'HEAD' ? 'GET' : route.method;
      const anonymous = await requestAs(route, undefined, bodiesFor(route)[0], 'unknown', method);
      return /ACCESS_TOKEN_REQUIRED|INVALID_ACCESS_TOKEN/.test(anonymous.text);
    };

    it('finds the id-taking routes of every area in the route table', () => {
      const paths = new Set(routes.map((route) => route.path));
      for (const path of [
        '/api/v2.0/envelopes/:envelopeId/details',
        '/api/v2.0/envelopes/:envelopeId/:documentId/download',
        '/api/v2.0/envelopes/:envelopeId/supportingdocuments/:supportingDocumentId/download',
        '/api/v2.0/envelopes/:envelopeId/generate_embedded_url/:signerEmail',
        '/api/v2.0/templates/:templateId/action/:action',
        '/api/v2.0/templates/:templateId',
        '/api/v2.0/templates/:templateId/documents/:documentId',
        '/api/v2.0/templates/:templateId/generate_edit_url',
        '/api/v2.0/builder/:builderCode',
        '/api/v2.0/builder/:builderCode/send',
        '/embed/template/:token',
        '/api/v2.0/webhooks/:webhookId/deliveries',
        '/api/v2.0/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
        '/api/v2.0/account/clients/:clientId/revoke',
        '/api/v2.0/account/users/:userId',
      ]) {
        assert.ok(paths.has(path), `${path} missing from the route table`);
      }
    });

    it('answers 404 on every id-taking route that needs a token, for account B holding account A’s ids', async (t) => {
      let checked = 0;
      for (const route of routes) {
        if (!(await needsToken(route))) {
          assert.ok(
            PUBLIC_CAPABILITY_ROUTES.has(route.path),
            `${route.method} ${route.path} takes an id without an access token: review it and list it as a capability route`,
          );
          continue;
        }
        await t.test(`${route.method} ${route.path}`, async () => {
          const response = await intruderAnswer(route);
          assert.equal(response.status, 404, `${route.method} ${route.path} answered ${response.status} ${response.text.slice(0, 400)}`);
          if (route.method !== 'HEAD') assert.match(response.text, /"error_code":"[A-Z_]+_NOT_FOUND"/);
        });
        checked += 1;
      }
      assert.ok(checked >= 20, `only ${checked} routes checked`);
    });

    it('answers account A’s own requests on the same routes with something other than 404 for its ids', async () => {
      // The matrix proves nothing if the ids were wrong: A itself reaches its envelope, documents and webhook.
      for (const path of [
        '/api/v2.0/envelopes/:envelopeId/details',
        '/api/v2.0/envelopes/:envelopeId/:documentId/download',
        '/api/v2.0/envelopes/:envelopeId/supportingdocuments/:supportingDocumentId/download',
        '/api/v2.0/envelopes/:envelopeId/generate_embedded_url/:signerEmail',
        '/api/v2.0/webhooks/:webhookId/deliveries',
      ]) {
        const route = routes.find((r) => r.path === path && r.method === 'GET')!;
        const response = await requestAs(route, owner.accessToken, undefined);
        assert.ok(response.status !== 404 && response.status < 500, `${path}: ${response.status} ${response.text.slice(0, 300)}`);
      }
    });

    it('refuses account A’s template and uploaded files in account B’s creation bodies like unknown ones', async () => {
      const create = async (path: string, body: unknown) => server.call('POST', `/api/v2.0${path}`, { token: intruderToken, body });
      const recipients = { signers: [{ name: 'Mallory', email: 'mallory@example.test', signer_title: 'Client' }] };
      const fromTemplate = await create('/envelopes/create_with_template', {
        template_id: owner.templateId,
        envelope: { name: 'Stolen' },
        recipients,
      });
      assert.equal(fromTemplate.status, 404, JSON.stringify(fromTemplate.body));
      assert.equal(fromTemplate.body.errors[0].error_code, 'TEMPLATE_NOT_FOUND');
      const withFiles = await create('/envelopes/create_with_files', {
        file_ids: [owner.envelopeFileId],
        envelope: { name: 'Stolen' },
        recipients: { signers: [{ name: 'Mallory', email: 'mallory@example.test' }] },
      });
      // docs/concepts/envelopes.md: an unknown, foreign or already-used file id is 400 FILE_NOT_FOUND.
      assert.equal(withFiles.status, 400, JSON.stringify(withFiles.body));
      assert.ok(withFiles.body.errors.some((e: { error_code: string }) => e.error_code === 'FILE_NOT_FOUND'));
      const templateWithFiles = await create('/templates/create_with_files', {
        file_ids: [owner.templateFileId],
        template: { name: 'Stolen' },
        roles: { signers: [{ signer_title: 'Client' }] },
      });
      assert.equal(templateWithFiles.status, 400, JSON.stringify(templateWithFiles.body));
      assert.ok(templateWithFiles.body.errors.some((e: { error_code: string }) => e.error_code === 'FILE_NOT_FOUND'));
    });

    it('leaves account A’s resources as they were after the matrix', async () => {
      const details = await server.call('GET', `/api/v2.0/envelopes/${owner.envelopeId}/details`, { token: owner.accessToken });
      assert.equal(details.status, 200);
      assert.equal(details.body.data.status, 'Sent');
      const attachments = await server.call('GET', `/api/v2.0/envelopes/${owner.envelopeId}/list_supporting_document`, {
        token: owner.accessToken,
      });
      assert.equal(attachments.body.data.supporting_documents.length, 1);
      const templates = await server.call('GET', '/api/v2.0/templates/list', { token: owner.accessToken });
      assert.equal(templates.status, 200);
      assert.ok(JSON.stringify(templates.body).includes(owner.templateId));
      const clients = await server.call('GET', '/api/v2.0/account/clients', { token: owner.accessToken });
      assert.ok(
        clients.body.data.clients.some(
          (c: { client_id: string; revoked_at: string | null }) => c.client_id === owner.spareClientId && !c.revoked_at,
        ),
        'the spare client is still active',
      );
      const users = await server.call('GET', '/api/v2.0/account/users', { token: owner.accessToken });
      assert.deepEqual(
        users.body.data.users.filter((u: { user_id: string }) => u.user_id === owner.spareUserId).map((u: { role: string }) => u.role),
        ['sender'],
        'the spare sender is still there, still a sender',
      );
      const passkeys = await server.call('GET', '/api/v2.0/console/passkeys', { token: owner.consoleToken });
      assert.deepEqual(
        passkeys.body.data.passkeys.map((p: { passkey_id: string }) => p.passkey_id),
        [owner.passkeyId],
        "the admin's passkey is still theirs",
      );
      const webhooks = await server.call('GET', '/api/v2.0/webhooks', { token: owner.accessToken });
      assert.deepEqual(
        webhooks.body.data.webhooks.map((w: { webhook_id: string; enabled: boolean }) => [w.webhook_id, w.enabled]),
        [[owner.webhookId, false]],
      );
      // The owner's own files are still usable: the intruder's attempts did not spend them.
      const created = await server.call('POST', '/api/v2.0/envelopes/create_with_files', {
        token: owner.accessToken,
        body: {
          file_ids: [owner.envelopeFileId],
          envelope: { name: 'Mine' },
          recipients: { signers: [{ name: 'Ada', email: 'ada@example.test' }] },
        },
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '1000000', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '1000000' } },
);
