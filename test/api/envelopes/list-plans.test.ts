import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { seedEnvelopes } from '../../../bench/list-at-scale.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { advanceAndLogIn, DAY_SECONDS } from './lifecycle-state.js';
import { listOracle, type ListBody } from './list-oracle.js';

const ENVELOPES = 3000;
const DAY_MS = DAY_SECONDS * 1000;

/**
 * Every way the list can be read — counters, index streams, bounded walks, gathered matches, pages
 * read from the far end — answers exactly what the rows say, for each filter, sort and page.
 */
describeOnEachDatabase(
  'POST /envelopes/list over a few thousand envelopes answers what the rows say (issue 9)',
  (server) => {
    let token: string;
    let expected: Awaited<ReturnType<typeof listOracle>>;
    const filters: [string, ListBody['filters']][] = [];

    before(async () => {
      const account = await server.newAccount();
      const nowMs = server.clock.now().getTime();
      await seedEnvelopes(
        server.service.ctx.db,
        server.database,
        { accountId: account.account_id, userId: account.user_id },
        ENVELOPES,
        nowMs,
      );
      // Ten days on, the open envelopes created 20 to 30 days before are past due: Expired, with no expiry job run.
      token = await advanceAndLogIn(server, account.credentials, 10 * DAY_SECONDS);
      expected = await listOracle(server, account.account_id);

      const { email } = await server.service.ctx.db
        .selectFrom('recipients')
        .innerJoin('envelopes', 'envelopes.id', 'recipients.envelope_id')
        .select('recipients.email')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('envelopes.account_id', '=', account.account_id)
        .groupBy('recipients.email')
        .orderBy('n', 'desc')
        .orderBy('recipients.email')
        .executeTakeFirstOrThrow();
      const range = {
        created_from: new Date(nowMs - 400 * DAY_MS).toISOString(),
        created_to: new Date(nowMs - 300 * DAY_MS).toISOString(),
      };
      const templateId = `${account.account_id}_tpl3`;
      filters.push(
        ['nothing', {}],
        ['a status', { status: ['Completed'] }],
        ['open and expired statuses', { status: ['Sent', 'InProgress', 'Expired'] }],
        ['a rare status', { status: ['Cancelled'] }],
        ['a creation range', range],
        ['a status within a creation range', { ...range, status: ['Completed', 'Expired'] }],
        ['a tag', { tags: ['legal'] }],
        ['two tags', { tags: ['legal', 'Q3'] }],
        ['a tag and a status', { tags: ['LEGAL'], status: ['Completed'] }],
        ['a tag within a creation range', { ...range, tags: ['q1'] }],
        ['a template', { template_id: templateId }],
        ['a template and statuses', { template_id: templateId, status: ['Sent', 'Expired'] }],
        ['a recipient', { recipient_email: email }],
        ['a recipient and a status', { recipient_email: email, status: ['Completed'] }],
        ['a name', { name_contains: 'initech' }],
        ['a name across words', { name_contains: 'Lease - Acme' }],
        ['a short name', { name_contains: 'ea' }],
        ['a name and a tag', { name_contains: 'lease', tags: ['hr'] }],
        ['a tag and a template', { tags: ['sales'], template_id: templateId }],
        ['a name the name order bunches together', { name_contains: 'loan' }],
      );
    });

    const sorts: ListBody['sort'][] = [
      undefined,
      { field: 'created_at', order: 'asc' },
      { field: 'name', order: 'asc' },
      { field: 'name', order: 'desc' },
      { field: 'status', order: 'asc' },
      { field: 'status', order: 'desc' },
    ];

    it('answers the total and the page the rows give, for every filter, sort and page, first to past the end', async () => {
      for (const [name, filter] of filters) {
        const { total } = expected({ filters: filter });
        const pages = [
          { page: 1, page_size: 20 },
          { page: 3, page_size: 7 },
          { page: Math.max(1, Math.ceil(total / 2 / 10)), page_size: 10 },
          { page: Math.max(1, Math.ceil(total / 100)), page_size: 100 },
          { page: Math.ceil(total / 100) + 1, page_size: 100 },
        ];
        for (const sort of sorts) {
          for (const page of pages) {
            const body: ListBody = { filters: filter, ...page, ...(sort ? { sort } : {}) };
            const response = await server.call('POST', '/api/v2.0/envelopes/list', { token, body });
            assert.equal(response.status, 200, JSON.stringify(response.body));
            const answered = {
              total: response.body.data.total,
              ids: response.body.data.envelopes.map((e: { envelope_id: string }) => e.envelope_id),
            };
            assert.deepEqual(answered, expected(body), `${name}: ${JSON.stringify(body)}`);
          }
        }
      }
    });

    it('starts deep pages by creation time at the day that holds them, exactly where skipping envelopes would', async () => {
      const account = await server.newAccount();
      const nowMs = server.clock.now().getTime();
      await seedEnvelopes(
        server.service.ctx.db,
        server.database,
        { accountId: account.account_id, userId: account.user_id },
        24_000,
        nowMs,
      );
      const deepToken = await advanceAndLogIn(server, account.credentials, 60);
      const rows = await listOracle(server, account.account_id);
      const cutting = {
        created_from: new Date(nowMs - 600 * DAY_MS + 1234).toISOString(),
        created_to: new Date(nowMs - 30 * DAY_MS - 4321).toISOString(),
      };
      const deep: ListBody[] = [
        { page: 301, page_size: 20 },
        { page: 800, page_size: 20 },
        { page: 61, page_size: 100 },
        { page: 53, page_size: 100, sort: { field: 'created_at', order: 'asc' } },
        { page: 71, page_size: 100, filters: { status: ['Completed'] } },
        { page: 260, page_size: 30, filters: { status: ['Completed', 'Cancelled'] }, sort: { field: 'created_at', order: 'asc' } },
        { page: 55, page_size: 100, filters: cutting },
        { page: 57, page_size: 100, filters: { ...cutting, status: ['Completed'] }, sort: { field: 'created_at', order: 'asc' } },
      ];
      for (const body of deep) {
        const response = await server.call('POST', '/api/v2.0/envelopes/list', { token: deepToken, body });
        assert.equal(response.status, 200, JSON.stringify(response.body));
        const answered = {
          total: response.body.data.total,
          ids: response.body.data.envelopes.map((e: { envelope_id: string }) => e.envelope_id),
        };
        assert.ok(answered.ids.length > 0, JSON.stringify(body));
        assert.deepEqual(answered, rows(body), JSON.stringify(body));
      }
    });
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
