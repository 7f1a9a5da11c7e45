import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { readRouteTable, type Route } from '../../support/route-table.js';

/** What /openapi.json must tell a caller to send, for each access the router enforces. */
const documentedSecurity = (route: Route): string => {
  if (route.access === 'bearer')
    return route.security === undefined ? 'the default: bearerAuth + appAuthType' : JSON.stringify(route.security);
  return JSON.stringify(route.security);
};

describeOnEachDatabase('the OpenAPI document states what each route really asks for', (server) => {
  let documented: Route[];
  before(async () => {
    documented = (await readRouteTable(server)).filter((route) => route.documented);
  });

  it('documents no credential on the public routes (signing, builders, sign-in links, ledger, health)', () => {
    const claimed = documented
      .filter((route) => route.access === 'public')
      .filter((route) => route.security === undefined || route.security.some((scheme) => !('consoleSession' in (scheme as object))))
      .map((route) => `${route.method} ${route.path}: ${documentedSecurity(route)}`);
    assert.deepEqual(claimed, []);
    assert.ok(documented.some((route) => route.access === 'public' && route.path.startsWith('/api/v2.0/signing/')));
  });

  it('documents only app_auth_type on the routes that take the header alone (login, refresh)', () => {
    const appType = documented.filter((route) => route.access === 'app-type');
    assert.ok(appType.length >= 2);
    for (const route of appType) assert.deepEqual(route.security, [{ appAuthType: [] }], `${route.method} ${route.path}`);
  });

  it('documents the bearer token on every route that checks one', () => {
    const bearer = documented.filter((route) => route.access === 'bearer');
    const misstated = bearer
      .filter((route) => route.security !== undefined && !route.security.some((scheme) => 'bearerAuth' in (scheme as object)))
      .map((route) => `${route.method} ${route.path}: ${documentedSecurity(route)}`);
    assert.deepEqual(misstated, []);
  });
});
