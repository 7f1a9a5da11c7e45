import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope } from '../../support/envelopes.js';
import { signBody, tokenFor } from './signing-helpers.js';

const ada = {
  name: 'Ada Lovelace',
  email: 'ada@example.test',
  signing_order: 1,
  fields: [
    { type: 'signature', page: 1, x: 72, y: 600, width: 160, height: 40, placeholder: 'ada_signature' },
    { type: 'text', page: 1, x: 72, y: 540, width: 200, height: 24, required: true, placeholder: 'company' },
    { type: 'checkbox', page: 1, x: 72, y: 500, width: 14, height: 14, placeholder: 'agree' },
    { type: 'date_signed', page: 1, x: 300, y: 600, width: 120, height: 20, placeholder: 'ada_date' },
  ],
};
const grace = {
  name: 'Grace Hopper',
  email: 'grace@example.test',
  signing_order: 2,
  fields: [{ type: 'signature', page: 2, x: 72, y: 600, width: 160, height: 40, placeholder: 'grace_signature' }],
};

describeOnEachDatabase("the signing page shows other signers' completed fields (signed_by_others)", (server) => {
  let token: string;
  before(async () => {
    token = (await server.newAccount()).accessToken;
  });

  const pageOf = async (signingToken: string) => {
    const response = await server.call('GET', `/api/v2.0/signing/${signingToken}`, { noAppAuthType: true });
    assert.equal(response.status, 200, JSON.stringify(response.body));
    return response.body.data;
  };

  const tokensOf = async (envelope: Awaited<ReturnType<typeof createEnvelope>>) => ({
    ada: await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[0]!.recipient_id),
    grace: await tokenFor(server, envelope.envelope_id, envelope.recipients.signers[1]!.recipient_id),
  });

  const agreeField = (page: { fields: { field_id: string; placeholder: string }[] }, placeholder: string) =>
    page.fields.find((f) => f.placeholder === placeholder)!.field_id;

  it("shows the second signer of a sequential envelope the first signer's values, date and signature where they were placed", async () => {
    const envelope = await createEnvelope(server, token, { flow: 'Sequential', signers: [ada, grace] });
    const tokens = await tokensOf(envelope);
    const adaPage = await pageOf(tokens.ada);
    const body = signBody({
      fields: [
        { field_id: agreeField(adaPage, 'company'), value: 'Analytical Engines Ltd' },
        { field_id: agreeField(adaPage, 'agree'), value: true },
      ],
    });
    assert.equal((await server.call('POST', `/api/v2.0/signing/${tokens.ada}/sign`, { body })).status, 200);

    const gracePage = await pageOf(tokens.grace);
    assert.equal(gracePage.signed_by_others.length, 1);
    const first = gracePage.signed_by_others[0];
    assert.equal(first.name, 'Ada Lovelace');
    assert.match(first.signed_at, /^\d{4}-\d{2}-\d{2}T/);
    assert.deepEqual(first.signature, body.signature);
    assert.equal(first.initials, null);
    const byPlaceholder = Object.fromEntries(first.fields.map((f: { placeholder: string }) => [f.placeholder, f]));
    assert.deepEqual(
      { ...byPlaceholder.company, field_id: undefined },
      {
        field_id: undefined,
        type: 'text',
        placeholder: 'company',
        document: 1,
        page: 1,
        x: 72,
        y: 540,
        width: 200,
        height: 24,
        value: 'Analytical Engines Ltd',
      },
    );
    assert.equal(byPlaceholder.agree.value, 'true');
    assert.equal(byPlaceholder.ada_date.value, server.clock.now().toISOString().slice(0, 10));
    assert.equal(byPlaceholder.ada_signature.value, null);
    assert.equal(byPlaceholder.ada_signature.page, 1);
    // Grace's own fields stay her own: Ada's are not offered to fill.
    assert.deepEqual(
      gracePage.fields.map((f: { placeholder: string }) => f.placeholder),
      ['grace_signature'],
    );
  });

  it('reveals nothing of a signer who has not signed: not before they open it, not while they are on turn and have viewed it', async () => {
    const envelope = await createEnvelope(server, token, { flow: 'Parallel', signers: [ada, grace] });
    const tokens = await tokensOf(envelope);
    assert.deepEqual((await pageOf(tokens.grace)).signed_by_others, []);
    // Ada has opened the page (Viewed) but not signed: Grace still sees nothing of her.
    await pageOf(tokens.ada);
    assert.deepEqual((await pageOf(tokens.grace)).signed_by_others, []);
    assert.equal((await server.call('POST', `/api/v2.0/signing/${tokens.grace}/sign`, { body: signBody() })).status, 200);
    // Grace signed: Ada sees Grace's mark; Grace, signed, still sees nothing of Ada.
    const adaPage = await pageOf(tokens.ada);
    assert.deepEqual(
      adaPage.signed_by_others.map((o: { name: string }) => o.name),
      ['Grace Hopper'],
    );
    assert.deepEqual((await pageOf(tokens.grace)).signed_by_others, []);
  });

  it('answers all_signed: false for an earlier signature and true for the last one', async () => {
    const envelope = await createEnvelope(server, token, { flow: 'Sequential', signers: [{ ...ada, fields: [ada.fields[0]] }, grace] });
    const tokens = await tokensOf(envelope);
    const first = await server.call('POST', `/api/v2.0/signing/${tokens.ada}/sign`, { body: signBody() });
    assert.equal(first.body.data.all_signed, false);
    const last = await server.call('POST', `/api/v2.0/signing/${tokens.grace}/sign`, { body: signBody() });
    assert.equal(last.body.data.all_signed, true);
  });
});
