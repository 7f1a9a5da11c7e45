import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import type { WebhookReceiver } from '../../support/webhook-receiver.js';
import { envelopeRow, signBody, tokenFor, waitForCompletion } from '../signing/signing-helpers.js';
import { deliveriesOf, fieldsOf, invitedToken, ledgerEntries, mailsTo, recipientRow, subscribe } from './corrections-support.js';

const signatureField = (page = 1) => ({ type: 'signature', page, x: 72, y: 600, width: 160, height: 40 });

describeOnEachDatabase(
  'POST /envelopes/{id}/correct (docs/api/corrections.md)',
  (server, sink) => {
    let sender: Sender;
    let receiver: WebhookReceiver;
    before(async () => {
      sender = await newSender(server);
      receiver = await subscribe(server, sender.token, 'corrected', ['envelope.corrected']);
    });
    after(() => receiver?.close());

    const correct = (envelopeId: string, body: unknown, token = sender.token) =>
      server.call('POST', `/api/v2.0/envelopes/${envelopeId}/correct`, { token, body });
    const sign = async (envelopeId: string, recipientId: string) =>
      (await server.call('POST', `/api/v2.0/signing/${await tokenFor(server, envelopeId, recipientId)}/sign`, { body: signBody() })).status;

    const newEnvelope = async (options: Parameters<typeof createEnvelope>[2] = {}) => {
      const envelope = await createEnvelope(server, sender.token, options);
      const [ada, grace] = envelope.recipients.signers;
      await server.service.worker.drain();
      return { envelope, id: envelope.envelope_id, ada: ada!.recipient_id, grace: grace!.recipient_id };
    };

    it('changes an address: the old link dies with 404, the new address is invited, the history and a webhook say so, the sender is not mailed', async () => {
      const { id, ada } = await newEnvelope();
      const oldLink = await tokenFor(server, id, ada);
      assert.equal((await server.call('GET', `/api/v2.0/signing/${oldLink}`)).status, 200);
      sink.clear();

      const response = await correct(id, {
        recipients: [{ recipient_id: ada, email: 'Ada.King@example.test', name: 'Ada King', language: 'fr' }],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.message, 'Envelope corrected.');
      const listed = response.body.data.recipients.signers.find((signer: { recipient_id: string }) => signer.recipient_id === ada);
      assert.deepEqual([listed.name, listed.email, listed.language, listed.status], ['Ada King', 'ada.king@example.test', 'fr', 'Sent']);

      assertError(await server.call('GET', `/api/v2.0/signing/${oldLink}`), 404, 'SIGNING_TOKEN_NOT_FOUND');
      await server.service.worker.drain();
      const newLink = invitedToken(sink, 'ada.king@example.test');
      const view = await server.call('GET', `/api/v2.0/signing/${newLink}`);
      assert.equal(view.status, 200, JSON.stringify(view.body));
      assert.equal(view.body.data.signer.email, 'ada.king@example.test');
      assert.equal(mailsTo(sink, sender.email).length, 0, 'the sender is not mailed');
      assert.equal(mailsTo(sink, 'ada@example.test').length, 0);

      const [entry] = await ledgerEntries(server, id, 'ENVELOPE_CORRECTED');
      const change = 'Ada Lovelace <ada@example.test> corrected: name Ada King, e-mail ada.king@example.test, language fr.';
      assert.equal(entry!.description, change);
      assert.equal(entry!.actor.email, sender.email);
      const [event] = deliveriesOf(receiver, 'corrected', id, 'envelope.corrected');
      assert.deepEqual(event!.changes, [change]);
      assert.equal(event!.corrected_at, server.clock.now().toISOString());
    });

    it('sets an access code on a recipient who had none: their link then asks for it', async () => {
      const { id, grace } = await newEnvelope();
      const response = await correct(id, {
        recipients: [{ recipient_id: grace, authentication: { method: 'access_code', access_code: '4711-zz' } }],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const listed = response.body.data.recipients.signers.find((signer: { recipient_id: string }) => signer.recipient_id === grace);
      assert.deepEqual(listed.authentication, { method: 'access_code' });
      const link = await tokenFor(server, id, grace);
      assertError(await server.call('GET', `/api/v2.0/signing/${link}`), 401, 'RECIPIENT_AUTH_REQUIRED');
    });

    it('replaces a locked-out access code: the old code no longer counts, the new one opens the link at once', async () => {
      const { id, grace } = await newEnvelope();
      const setCode = (code: string) =>
        correct(id, { recipients: [{ recipient_id: grace, authentication: { method: 'access_code', access_code: code } }] });
      assert.equal((await setCode('4711-zz')).status, 200);
      const link = await tokenFor(server, id, grace);
      const authenticate = (code: string) =>
        server.call('POST', `/api/v2.0/signing/${link}/authenticate`, { body: { code }, noAppAuthType: true });
      for (let i = 0; i < 5; i++) assertError(await authenticate(`wrong-${i}`), 401, 'INVALID_CODE');
      assertError(await authenticate('4711-zz'), 423, 'RECIPIENT_LOCKED');

      assert.equal((await setCode('new-code-99')).status, 200);
      assertError(await authenticate('4711-zz'), 401, 'INVALID_CODE');
      assert.equal((await authenticate('new-code-99')).status, 200);
    });

    it('refuses with each code and its body, and changes nothing', async () => {
      const { id, ada, grace } = await newEnvelope();
      assert.equal(await sign(id, ada), 200);
      assertError(await correct(id, {}), 400, 'NOTHING_TO_UPDATE');
      assertError(await correct(id, { recipients: [], remove_recipients: [] }), 400, 'NOTHING_TO_UPDATE');
      const acted = assertError(await correct(id, { recipients: [{ recipient_id: ada, name: 'X' }] }), 409, 'RECIPIENT_ALREADY_ACTED');
      assert.equal(acted.field, 'recipients[0].recipient_id');
      assert.match(acted.developer_message, /Signed/);
      const unknown = assertError(await correct(id, { remove_recipients: ['rcp_nobody'] }), 404, 'RECIPIENT_NOT_FOUND');
      assert.equal(unknown.field, 'remove_recipients[0]');
      assertError(await correct(id, { fields: [{ recipient_id: ada, fields: [signatureField()] }] }), 409, 'RECIPIENT_ALREADY_ACTED');
      assertError(await correct(id, { recipients: [{ recipient_id: grace, email: 'alan@example.test' }] }), 400, 'DUPLICATE_SIGNER');
      assertError(await correct(id, { signing_due_date: '2020-01-01T00:00:00.000Z' }), 400, 'INVALID_DUE_DATE');
      assertError(await correct(id, { recipients: [{ recipient_id: grace, country_code: 44 }] }), 400, 'PHONE_INCOMPLETE');
      assertError(await correct(id, { remove_recipients: [grace, grace] }), 400, 'INVALID_FIELD');

      const several = await correct(id, { recipients: [{ recipient_id: ada, name: 'X' }], remove_recipients: ['rcp_nobody'] });
      assert.equal(several.status, 400);
      assert.deepEqual(several.body.errors.map((error: { error_code: string }) => error.error_code).sort(), [
        'RECIPIENT_ALREADY_ACTED',
        'RECIPIENT_NOT_FOUND',
      ]);
      assert.equal((await recipientRow(server, grace)).email, 'grace@example.test');
      assert.equal((await ledgerEntries(server, id, 'ENVELOPE_CORRECTED')).length, 0);

      const stranger = await newSender(server);
      assertError(await correct(id, { recipients: [{ recipient_id: grace, name: 'X' }] }, stranger.token), 404, 'ENVELOPE_NOT_FOUND');
      await server.call('POST', `/api/v2.0/envelopes/${id}/cancel`, { token: sender.token, body: { cancel_reason: 'Done' } });
      assertError(await correct(id, { recipients: [{ recipient_id: grace, name: 'X' }] }), 409, 'ENVELOPE_NOT_ACTIVE');
    });

    it('adds a signer at a later step of a Sequential flow: invited once the steps before are done, then the envelope completes', async () => {
      const { id, ada, grace } = await newEnvelope({ flow: 'Sequential' });
      const early = await correct(id, {
        add_signers: [{ name: 'K', email: 'k@example.test', signing_order: 1, fields: [signatureField()] }],
      });
      assert.equal(assertError(early, 400, 'INVALID_SIGNING_ORDER').field, 'add_signers[0].signing_order');

      const response = await correct(id, {
        add_signers: [{ name: 'Katherine Johnson', email: 'katherine@example.test', fields: [signatureField(2)] }],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const added = response.body.data.recipients.signers.at(-1);
      assert.deepEqual([added.email, added.signing_order, added.status], ['katherine@example.test', 3, 'Waiting']);
      assert.equal((await fieldsOf(server, added.recipient_id)).length, 1);
      const [entry] = await ledgerEntries(server, id, 'ENVELOPE_CORRECTED');
      assert.equal(entry!.description, 'Signer Katherine Johnson <katherine@example.test> added at signing order 3 with 1 field(s).');

      assert.equal(await sign(id, ada), 200);
      assert.equal(await sign(id, grace), 200);
      assert.equal((await recipientRow(server, added.recipient_id)).status, 'Sent');
      await server.service.worker.drain();
      invitedToken(sink, 'katherine@example.test');
      assert.equal((await envelopeRow(server, id)).status, 'InProgress');
      assert.equal(await sign(id, added.recipient_id), 200);
      assert.equal((await waitForCompletion(server, id)).status, 'Completed');
    });

    it('adds an approver after the signers: no fields, opened once both signed, and their approval completes the envelope', async () => {
      const { id, ada, grace } = await newEnvelope({ flow: 'Sequential' });
      const response = await correct(id, { add_signers: [{ name: 'Mary Jackson', email: 'mary@example.test', role: 'approver' }] });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const added = response.body.data.recipients.signers.at(-1);
      assert.deepEqual([added.email, added.role, added.signing_order, added.status], ['mary@example.test', 'approver', 3, 'Waiting']);
      assert.equal(
        (await ledgerEntries(server, id, 'ENVELOPE_CORRECTED'))[0]!.description,
        'Approver Mary Jackson <mary@example.test> added at signing order 3 with 0 field(s).',
      );
      assert.equal(await sign(id, ada), 200);
      assert.equal(await sign(id, grace), 200);
      assert.equal((await recipientRow(server, added.recipient_id)).status, 'Sent');
      const link = await tokenFor(server, id, added.recipient_id);
      assert.equal((await server.call('POST', `/api/v2.0/signing/${link}/approve`, { body: { consent: true } })).status, 200);
      assert.equal((await waitForCompletion(server, id)).status, 'Completed');
    });

    it('adds a witness for a signer already on the envelope by recipient_id: their step, opened once that signer signed', async () => {
      const { id, ada, grace } = await newEnvelope();
      assert.equal(await sign(id, ada), 200);
      const witness = { name: 'Will Witness', email: 'will@example.test', role: 'witness', fields: [signatureField()] };
      const late = assertError(await correct(id, { add_signers: [{ ...witness, witness_for: ada }] }), 400, 'WITNESS_TARGET_NOT_FOUND');
      assert.deepEqual(
        [late.field, late.developer_message],
        ['add_signers[0].witness_for', 'Ada Lovelace is Signed: a witness is added before their signer signs.'],
      );
      assertError(await correct(id, { add_signers: [{ ...witness, witness_for: 'rcp_nobody' }] }), 400, 'WITNESS_TARGET_NOT_FOUND');
      assertError(await correct(id, { add_signers: [{ ...witness, witness_for: grace, signing_order: 5 }] }), 400, 'INVALID_SIGNING_ORDER');

      const response = await correct(id, { add_signers: [{ ...witness, witness_for: grace }] });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const added = response.body.data.recipients.signers.at(-1);
      const row = await recipientRow(server, added.recipient_id);
      assert.deepEqual(
        [row.signer_role, row.witness_for, row.signing_order, row.status],
        ['witness', grace, (await recipientRow(server, grace)).signing_order, 'Waiting'],
      );
      assert.equal(await sign(id, grace), 200);
      assert.equal((await recipientRow(server, added.recipient_id)).status, 'Sent');
    });

    it('refuses added entries as creation does: a role that is none, a host who is no user, fields for an approver, a group', async () => {
      const { id } = await newEnvelope();
      const person = { name: 'Mary Jackson', email: 'mary@example.test' };
      const role = assertError(await correct(id, { add_signers: [{ ...person, role: 'notary' }] }), 400, 'INVALID_SIGNER_ROLE');
      assert.equal(role.field, 'add_signers[0].role');
      const host = assertError(
        await correct(id, { add_signers: [{ ...person, role: 'in_person', host_email: 'nobody@example.test' }] }),
        400,
        'HOST_NOT_FOUND',
      );
      assert.equal(host.field, 'add_signers[0].host_email');
      assertError(await correct(id, { add_signers: [{ ...person, role: 'in_person' }] }), 400, 'HOST_NOT_FOUND');
      assertError(
        await correct(id, { add_signers: [{ ...person, role: 'approver', fields: [signatureField()] }] }),
        400,
        'FIELDS_NOT_ALLOWED',
      );
      const group = {
        group: { name: 'Legal', members: [person, { name: 'Dorothy Vaughan', email: 'dorothy@example.test' }] },
        fields: [signatureField()],
      };
      const refused = assertError(await correct(id, { add_signers: [group] }), 400, 'INVALID_SIGNING_GROUP');
      assert.deepEqual(
        [refused.field, refused.developer_message],
        ['add_signers[0].group', 'Signing groups are added at creation only: add their members as signers, or send a new envelope.'],
      );

      const owner = await correct(id, { add_signers: [{ ...person, role: 'in_person', host_email: sender.email }] });
      assert.equal(owner.status, 200, JSON.stringify(owner.body));
      assert.equal(owner.body.data.recipients.signers.at(-1).role, 'in_person');
    });

    it('checks names and conditions over the whole envelope after a field correction, and keeps them', async () => {
      const { id, ada, grace } = await newEnvelope();
      const text = (name: string, showIf?: { field: string; equals: string }) => ({
        type: 'text',
        page: 1,
        x: 72,
        y: 500,
        width: 200,
        height: 20,
        name,
        ...(showIf ? { show_if: showIf } : {}),
      });
      const duplicate = assertError(
        await correct(id, { fields: [{ recipient_id: grace, fields: [signatureField(), text('company'), text('company')] }] }),
        400,
        'DUPLICATE_FIELD_NAME',
      );
      assert.equal(duplicate.field, 'fields[0].fields[2].name');
      const cycle = await correct(id, {
        fields: [{ recipient_id: grace, fields: [signatureField(), text('a', { field: 'b', equals: 'x' })] }],
        add_signers: [
          { name: 'Mary Jackson', email: 'mary@example.test', fields: [signatureField(), text('b', { field: 'a', equals: 'y' })] },
        ],
      });
      assert.equal(cycle.status, 400);
      assert.deepEqual(
        cycle.body.errors.map((error: { error_code: string; field: string }) => [error.error_code, error.field]),
        [
          ['CONDITION_CYCLE', 'fields[0].fields[1].show_if'],
          ['CONDITION_CYCLE', 'add_signers[0].fields[1].show_if'],
        ],
      );
      assertError(
        await correct(id, { fields: [{ recipient_id: grace, fields: [signatureField(), text('a', { field: 'nope', equals: 'x' })] }] }),
        400,
        'UNKNOWN_CONDITION_FIELD',
      );

      const response = await correct(id, {
        fields: [
          { recipient_id: ada, fields: [signatureField(), text('company')] },
          { recipient_id: grace, fields: [signatureField(), text('vat', { field: 'company', equals: 'ACME' })] },
        ],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const vat = (await fieldsOf(server, grace)).find((field) => field.name === 'vat');
      assert.deepEqual(JSON.parse(String(vat!.show_if)), { field: 'company', equals: 'ACME' });
      const taken = assertError(
        await correct(id, {
          add_signers: [{ name: 'Mary Jackson', email: 'mary@example.test', fields: [signatureField(), text('company')] }],
        }),
        400,
        'DUPLICATE_FIELD_NAME',
      );
      assert.equal(taken.field, 'add_signers[0].fields[1].name');
    });

    it('removes recipients: whoever is next is invited, the last signer’s signature completes, removing every signer is 400 NO_SIGNERS_LEFT', async () => {
      const { id, ada, grace } = await newEnvelope({ flow: 'Sequential' });
      assertError(await correct(id, { remove_recipients: [ada, grace] }), 400, 'NO_SIGNERS_LEFT');
      const response = await correct(id, { remove_recipients: [ada] });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.deepEqual(
        response.body.data.recipients.signers.map((signer: { email: string; status: string }) => [signer.email, signer.status]),
        [['grace@example.test', 'Sent']],
      );
      assert.equal(
        (await ledgerEntries(server, id, 'ENVELOPE_CORRECTED'))[0]!.description,
        'Recipient Ada Lovelace <ada@example.test> removed.',
      );
      assert.equal(await sign(id, grace), 200);
      assert.equal((await waitForCompletion(server, id)).status, 'Completed');

      const second = await newEnvelope({ flow: 'Sequential' });
      assert.equal(await sign(second.id, second.ada), 200);
      assert.equal((await correct(second.id, { remove_recipients: [second.grace] })).status, 200);
      assert.equal((await waitForCompletion(server, second.id)).status, 'Completed');
    });

    it('replaces the fields of a recipient who has not acted, placed and checked as at creation', async () => {
      const { id, grace } = await newEnvelope();
      const before = (await fieldsOf(server, grace)).map((field) => field.id);
      const outside = await correct(id, { fields: [{ recipient_id: grace, fields: [{ ...signatureField(), page: 9 }] }] });
      assert.equal(outside.status, 400);
      assert.match(outside.body.errors[0].field, /^fields\[0\]\.fields\[0\]/);
      const response = await correct(id, {
        fields: [
          {
            recipient_id: grace,
            fields: [signatureField(1), { type: 'text', page: 2, x: 72, y: 500, width: 200, height: 20, required: true }],
          },
        ],
      });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      const after = await fieldsOf(server, grace);
      assert.deepEqual(
        after.map((field) => [field.type, field.page]),
        [
          ['signature', 1],
          ['text', 2],
        ],
      );
      assert.ok(after.every((field) => !before.includes(field.id)));
      assert.equal(
        (await ledgerEntries(server, id, 'ENVELOPE_CORRECTED'))[0]!.description,
        'The fields of Grace Hopper <grace@example.test> replaced by 2 field(s).',
      );
    });

    it('moves the due date and schedules the expiry at the new one', async () => {
      const { id } = await newEnvelope();
      const due = new Date(server.clock.now().getTime() + 60 * 86_400_000).toISOString();
      const response = await correct(id, { signing_due_date: due });
      assert.equal(response.status, 200, JSON.stringify(response.body));
      assert.equal(response.body.data.signing_due_date, due);
      const expiries = await server.service.ctx.db
        .selectFrom('jobs')
        .select('run_at')
        .where('kind', '=', 'expire-envelope')
        .where('payload', 'like', `%${id}%`)
        .execute();
      assert.ok(expiries.some((job) => job.run_at === due));
    });

    it('while Correcting: a new address is invited only once the envelope is resent', async () => {
      const { id, ada, grace } = await newEnvelope();
      const adaLink = await tokenFor(server, id, ada);
      assert.equal(
        (await server.call('POST', `/api/v2.0/signing/${adaLink}/return`, { body: { comment: 'Wrong address for Grace' } })).status,
        200,
      );
      await server.service.worker.drain();
      sink.clear();
      assert.equal((await correct(id, { recipients: [{ recipient_id: grace, email: 'grace.h@example.test' }] })).status, 200);
      await server.service.worker.drain();
      assert.equal(mailsTo(sink, 'grace.h@example.test').length, 0);
      assert.equal((await envelopeRow(server, id)).status, 'Correcting');
      assert.equal((await server.call('POST', `/api/v2.0/envelopes/${id}/resend`, { token: sender.token })).status, 200);
      await server.service.worker.drain();
      const link = invitedToken(sink, 'grace.h@example.test');
      assert.equal((await server.call('POST', `/api/v2.0/signing/${link}/sign`, { body: signBody() })).status, 200);
    });
  },
  { smtpSink: true, env: { WEBHOOK_ALLOW_PRIVATE: 'true' } },
);
