import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { signInNewConsoleUser } from '../../support/console-users.js';
import { fillPath, readRouteTable, type Route } from '../../support/route-table.js';

/**
 * The contract's admin operations (docs/api/people.md: an admin also manages API clients, webhooks, users and
 * settings; a sender works with envelopes and templates), written out here rather than read from the
 * routes: the router's own `config.role` is held to this list both ways, so a new admin operation
 * declared without its role, or a role put on a sender's operation, fails until this list is reviewed.
 * A GET's HEAD twin follows its GET.
 */
const ADMIN_OPERATIONS = [
  'GET /api/v2.0/account/clients',
  'POST /api/v2.0/account/clients',
  'POST /api/v2.0/account/clients/:clientId/revoke',
  'GET /api/v2.0/account/users',
  'POST /api/v2.0/account/users',
  'PUT /api/v2.0/account/users/:userId',
  'DELETE /api/v2.0/account/users/:userId',
  'GET /api/v2.0/account/settings',
  'PUT /api/v2.0/account/settings',
  'GET /api/v2.0/webhooks',
  'POST /api/v2.0/webhooks',
  'PUT /api/v2.0/webhooks/:webhookId',
  'DELETE /api/v2.0/webhooks/:webhookId',
  'POST /api/v2.0/webhooks/:webhookId/rotate_secret',
  'POST /api/v2.0/webhooks/:webhookId/test',
  'GET /api/v2.0/webhooks/:webhookId/deliveries',
  'POST /api/v2.0/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
  'GET /api/v2.0/account/security_events',
  'GET /api/v2.0/account/sso',
  'PUT /api/v2.0/account/sso',
  'DELETE /api/v2.0/account/sso',
];

const EXPECTED_ADMIN_ONLY = ADMIN_OPERATIONS.flatMap((operation) =>
  operation.startsWith('GET ') ? [operation, operation.replace(/^GET/, 'HEAD')] : [operation],
).sort();

const ROLE_FORBIDDEN_BODY = {
  message: "Only an account's admins may do this; this token is a sender's.",
  errors: [{ error_code: 'ROLE_FORBIDDEN', developer_message: "Only an account's admins may do this; this token is a sender's." }],
};

const operationOf = (route: Route) => `${route.method} ${route.path}`;

describeOnEachDatabase('Roles: the admin-only routes, read from the router and held to the contract', (server) => {
  let routes: Route[];
  let apiClientToken: string;
  let adminToken: string;
  let senderToken: string;

  /** The contract's admin operations as routed: what the router declares does not pick what is called. */
  const contractAdminRoutes = () =>
    EXPECTED_ADMIN_ONLY.map((operation) => {
      const route = routes.find((r) => operationOf(r) === operation);
      assert.ok(route, `${operation} is not routed`);
      return route;
    });

  before(async () => {
    routes = await readRouteTable(server);
    const account = await server.newAccount();
    apiClientToken = account.accessToken;
    adminToken = (await signInNewConsoleUser(server, account.account_id, 'admin')).token;
    senderToken = (await signInNewConsoleUser(server, account.account_id, 'sender')).token;
  });

  /** Unknown ids in the path and no body: the role is checked before either is looked at. */
  const callAs = (route: Route, token: string) =>
    server.call(route.method, fillPath(route.path, Object.fromEntries(route.params.map((name) => [name, 'unknown_id']))), { token });

  it('declares admin-only exactly the contract’s admin operations, each behind an access token', () => {
    const adminOnly = routes.filter((route) => route.adminOnly);
    assert.deepEqual(adminOnly.map(operationOf).sort(), EXPECTED_ADMIN_ONLY);
    for (const route of adminOnly)
      assert.equal(route.access, 'bearer', `${operationOf(route)} is admin-only but its role is never checked`);
  });

  it('answers 403 ROLE_FORBIDDEN on every admin-only route for a sender’s console token', async (t) => {
    for (const route of contractAdminRoutes()) {
      await t.test(operationOf(route), async () => {
        const refused = await callAs(route, senderToken);
        assert.equal(refused.status, 403, JSON.stringify(refused.body));
        if (route.method !== 'HEAD') assert.deepEqual(refused.body, ROLE_FORBIDDEN_BODY);
      });
    }
  });

  it('lets an admin’s console token and an API client’s token through every admin-only route', async () => {
    for (const route of contractAdminRoutes()) {
      for (const [who, token] of [
        ['admin', adminToken],
        ['API client', apiClientToken],
      ] as const) {
        const answered = await callAs(route, token);
        assert.ok(
          answered.status !== 403 && answered.status < 500,
          `${who} on ${operationOf(route)}: ${answered.status} ${JSON.stringify(answered.body)}`,
        );
      }
    }
  });

  it('refuses a sender’s console token on no other route that takes a token', async () => {
    const others = routes.filter((route) => route.access === 'bearer' && !EXPECTED_ADMIN_ONLY.includes(operationOf(route)));
    assert.ok(others.length >= 30, `only ${others.length} routes take a token without being admin-only`);
    for (const route of others) {
      const answered = await callAs(route, senderToken);
      assert.ok(
        answered.status !== 403 && answered.status < 500,
        `${operationOf(route)}: ${answered.status} ${JSON.stringify(answered.body)}`,
      );
    }
  });
});
