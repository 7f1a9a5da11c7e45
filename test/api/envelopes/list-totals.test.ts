import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { ENVELOPE_STATUSES, type EnvelopeStatus } from '../../../src/domain/envelope-state.js';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { pastDue } from '../../support/mark-completed.js';
import { signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { createTemplate, fromTemplateRequest } from '../templates/template-requests.js';
import { advanceAndLogIn, DAY_SECONDS, envelopeRow } from './lifecycle-state.js';
import { listOracle, type ListBody } from './list-oracle.js';

type Totals = Partial<Record<EnvelopeStatus | 'all', number>>;

describeOnEachDatabase(
  'POST /envelopes/list: totals stay exact through every status change (issue 9)',
  (server) => {
    let token: string;
    let credentials: string;
    let accountId: string;
    let templateId: string;
    const ids: Record<string, string> = {};
    const signers: Record<string, { recipient_id: string; email: string }[]> = {};
    let createdRange: { created_from: string; created_to: string };

    const list = (body: ListBody) => server.call('POST', '/api/v2.0/envelopes/list', { token, body });
    const totalOf = async (body: ListBody) => {
      const response = await list(body);
      assert.equal(response.status, 200, JSON.stringify(response.body));
      return response.body.data.total as number;
    };

    /** The totals a client reads with no filter and with each status filter; statuses no envelope has are left out. */
    const totals = async (): Promise<Totals> => {
      const result: Totals = { all: await totalOf({}) };
      for (const status of ENVELOPE_STATUSES) {
        const total = await totalOf({ filters: { status: [status] } });
        if (total) result[status] = total;
      }
      return result;
    };

    /** Every filter, alone and with every status, answers the total and first page read off the rows themselves. */
    const assertEveryFilterExact = async () => {
      const expected = await listOracle(server, accountId);
      const filters: ListBody['filters'][] = [
        {},
        { tags: ['lease'] },
        { tags: ['LEASE', 'nda'] },
        { name_contains: 'lease' },
        { name_contains: 'ta' },
        { recipient_email: 'grace@example.test' },
        { template_id: templateId },
        { template_id: templateId, tags: ['nda'] },
        createdRange,
        { ...createdRange, tags: ['lease'] },
      ];
      const statusFilters: (EnvelopeStatus[] | undefined)[] = [
        undefined,
        ...ENVELOPE_STATUSES.map((status) => [status]),
        ['Sent', 'Expired'],
      ];
      for (const filter of filters) {
        for (const status of statusFilters) {
          const body: ListBody = { filters: { ...filter, ...(status ? { status } : {}) } };
          const response = await list(body);
          assert.equal(response.status, 200, JSON.stringify(response.body));
          const answered = {
            total: response.body.data.total,
            ids: response.body.data.envelopes.map((e: { envelope_id: string }) => e.envelope_id),
          };
          assert.deepEqual(answered, expected(body), JSON.stringify(body));
        }
      }
    };

    const create = async (key: string, envelope: Record<string, unknown>) => {
      const created = await createEnvelope(server, token, { envelope });
      ids[key] = created.envelope_id;
      signers[key] = created.recipients.signers;
      server.clock.advanceSeconds(60);
    };
    const sign = async (key: string, email: string) => {
      const signer = signers[key]!.find((s) => s.email === email)!;
      const signingToken = await tokenFor(server, ids[key]!, signer.recipient_id);
      const response = await server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody() });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };
    const act = async (method: string, key: string, action: string, body?: unknown) => {
      const response = await server.call(method, `/api/v2.0/envelopes/${ids[key]}/${action}`, { token, body });
      assert.equal(response.status, 200, JSON.stringify(response.body));
    };

    before(async () => {
      ({ accessToken: token, credentials, account_id: accountId } = await server.newAccount());
      templateId = (await createTemplate(server, token)).template_id;
      // Another account's envelopes count for nobody else.
      const stranger = (await server.newAccount()).accessToken;
      await createEnvelope(server, stranger, { envelope: { name: 'Lease of a stranger', tags: ['lease'] } });
    });

    it('counts created envelopes as Sent, under every filter', async () => {
      await create('alpha', { name: 'Lease Alpha', tags: ['lease'] });
      await create('beta', { name: 'NDA Beta', tags: ['nda', 'Lease'] });
      const from = server.clock.now().toISOString();
      await create('gamma', { name: 'Lease Gamma' });
      await create('delta', { name: 'Offer Delta', tags: ['lease'] });
      createdRange = { created_from: from, created_to: server.clock.now().toISOString() };
      const response = await server.call('POST', '/api/v2.0/envelopes/create_with_template', {
        token,
        body: fromTemplateRequest(templateId, { envelope: { name: 'NDA Epsilon' } }),
      });
      assert.equal(response.status, 201, JSON.stringify(response.body));
      ids.epsilon = response.body.data.envelope_id;
      await act('POST', 'epsilon', 'update_envelope_metadata', { tags: ['nda'] });
      assert.deepEqual(await totals(), { all: 5, Sent: 5 });
      await assertEveryFilterExact();
    });

    it('moves an envelope to InProgress at the first signature and to Completed once sealed', async () => {
      await sign('alpha', 'ada@example.test');
      assert.deepEqual(await totals(), { all: 5, Sent: 4, InProgress: 1 });
      await assertEveryFilterExact();
      await sign('alpha', 'grace@example.test');
      assert.equal((await waitForCompletion(server, ids.alpha!)).status, 'Completed');
      assert.deepEqual(await totals(), { all: 5, Sent: 4, Completed: 1 });
      await assertEveryFilterExact();
    });

    it('moves a declined envelope to Declined and a cancelled one to Cancelled', async () => {
      await act('POST', 'beta', 'decline', { reason: 'No', signer_email: 'grace@example.test' });
      await act('POST', 'gamma', 'cancel', { cancel_reason: 'Stop' });
      assert.deepEqual(await totals(), { all: 5, Sent: 2, Completed: 1, Declined: 1, Cancelled: 1 });
      await assertEveryFilterExact();
    });

    it('counts an envelope past its due date as Expired before the expiry job has run', async () => {
      await pastDue(server, ids.delta!);
      assert.equal((await envelopeRow(server, ids.delta!)).status, 'Sent');
      assert.deepEqual(await totals(), { all: 5, Sent: 1, Completed: 1, Declined: 1, Cancelled: 1, Expired: 1 });
      await assertEveryFilterExact();
    });

    it('keeps counting an envelope the expiry job marked Expired once', async () => {
      token = await advanceAndLogIn(server, credentials, 10 * DAY_SECONDS);
      await server.service.worker.drain();
      assert.equal((await envelopeRow(server, ids.epsilon!)).status, 'Expired');
      assert.deepEqual(await totals(), { all: 5, Completed: 1, Declined: 1, Cancelled: 1, Expired: 2 });
      await assertEveryFilterExact();
    });

    it('counts an extended envelope as Sent again', async () => {
      await act('PUT', 'epsilon', 'extend_signing_due_date', { extend_by_days: 5 });
      assert.deepEqual(await totals(), { all: 5, Sent: 1, Completed: 1, Declined: 1, Cancelled: 1, Expired: 1 });
      await assertEveryFilterExact();
    });

    it('follows a rename and new tags into name and tag filters', async () => {
      await act('POST', 'epsilon', 'update_envelope_metadata', { name: 'Lease Epsilon', tags: ['LEASE'] });
      assert.equal(await totalOf({ filters: { tags: ['lease'] } }), 4);
      assert.equal(await totalOf({ filters: { tags: ['nda'] } }), 1);
      await assertEveryFilterExact();
    });

    it('stops counting a deleted envelope', async () => {
      await act('POST', 'alpha', 'delete');
      assert.deepEqual(await totals(), { all: 4, Sent: 1, Declined: 1, Cancelled: 1, Expired: 1 });
      await assertEveryFilterExact();
    });
    // Each step asks about a hundred questions with one token.
  },
  { env: { RATE_LIMIT_PER_MINUTE: '100000' } },
);
