import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { createEnvelope, newSender, type Sender } from '../../support/envelopes.js';
import { assertError } from '../../support/test-server.js';
import { signBody, tokenFor } from '../signing/signing-helpers.js';
import { fieldsOf } from './corrections-support.js';

const PLANS = ['Monthly billing', 'Yearly billing'];
const box = (y: number) => ({ page: 1, x: 300, y, width: 200, height: 20 });

/**
 * Sam chooses a plan (radio); a yearly plan asks him for a purchase order number and asks Grace,
 * who signs after him, for her cost centre. Both are required while shown.
 */
const conditionalSigners = (prefix: string) => [
  {
    name: 'Sam Signer',
    email: `${prefix}.sam@example.test`,
    signing_order: 1,
    fields: [
      { type: 'signature', ...box(60) },
      { type: 'radio', name: 'plan', options: PLANS, required: true, ...box(100) },
      { type: 'text', name: 'po_number', required: true, show_if: { field: 'plan', equals: 'Yearly billing' }, ...box(140) },
    ],
  },
  {
    name: 'Grace Hopper',
    email: `${prefix}.grace@example.test`,
    signing_order: 2,
    fields: [
      { type: 'signature', ...box(200) },
      { type: 'text', name: 'cost_centre', required: true, show_if: { field: 'plan', equals: 'Yearly billing' }, ...box(240) },
    ],
  },
];

describeOnEachDatabase('Conditional fields and radio groups at signing (docs/concepts/signing.md)', (server) => {
  let sender: Sender;
  before(async () => {
    sender = await newSender(server);
  });

  const envelopeOf = async (prefix: string) => {
    const envelope = await createEnvelope(server, sender.token, { flow: 'Sequential', signers: conditionalSigners(prefix) as never });
    const [sam, grace] = envelope.recipients.signers.map((signer) => signer.recipient_id) as [string, string];
    const samFields = await fieldsOf(server, sam);
    const idOf = (type: string) => samFields.find((field) => field.type === type)!.id;
    return {
      envelopeId: envelope.envelope_id,
      sam,
      grace,
      radio: idOf('radio'),
      poNumber: idOf('text'),
      samToken: await tokenFor(server, envelope.envelope_id, sam),
    };
  };
  const sign = (signingToken: string, fields: { field_id: string; value: unknown }[]) =>
    server.call('POST', `/api/v2.0/signing/${signingToken}/sign`, { body: signBody({ fields }) });

  it('shows each field with its name and condition, and the radio options', async () => {
    const { samToken } = await envelopeOf('view');
    const view = await server.call('GET', `/api/v2.0/signing/${samToken}`);
    assert.equal(view.status, 200, JSON.stringify(view.body));
    const fields = view.body.data.fields as { type: string; name: string | null; show_if: unknown; options: string[] | null }[];
    assert.deepEqual(
      fields.map((field) => [field.type, field.name, field.show_if, field.options]),
      [
        ['signature', null, null, null],
        ['radio', 'plan', null, PLANS],
        ['text', 'po_number', { field: 'plan', equals: 'Yearly billing' }, null],
      ],
    );
    assert.deepEqual(view.body.data.other_fields, []);
  });

  it('does not require a field its condition hides, and stores none of what was sent for it', async () => {
    const { sam, samToken, radio, poNumber } = await envelopeOf('hidden');
    const signed = await sign(samToken, [
      { field_id: radio, value: 'Monthly billing' },
      { field_id: poNumber, value: 'PO-1234' },
    ]);
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    const stored = new Map((await fieldsOf(server, sam)).map((field) => [field.id, field.value]));
    assert.equal(stored.get(radio), 'Monthly billing');
    assert.equal(stored.get(poNumber), null);
  });

  it('requires a field its condition shows: 400 REQUIRED_FIELD_MISSING, then signed with its value', async () => {
    const { sam, samToken, radio, poNumber } = await envelopeOf('shown');
    const missing = assertError(await sign(samToken, [{ field_id: radio, value: 'Yearly billing' }]), 400, 'REQUIRED_FIELD_MISSING');
    assert.match(missing.developer_message, new RegExp(poNumber));
    const signed = await sign(samToken, [
      { field_id: radio, value: 'Yearly billing' },
      { field_id: poNumber, value: 'PO-1234' },
    ]);
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    assert.equal((await fieldsOf(server, sam)).find((field) => field.id === poNumber)!.value, 'PO-1234');
  });

  it('answers 400 INVALID_FIELD_VALUE to a radio value that is not one of its options, and REQUIRED_FIELD_MISSING to none', async () => {
    const { samToken, radio } = await envelopeOf('radio');
    const invalid = assertError(await sign(samToken, [{ field_id: radio, value: 'Weekly billing' }]), 400, 'INVALID_FIELD_VALUE');
    assert.equal(invalid.field, 'fields[0].value');
    assertError(await sign(samToken, []), 400, 'REQUIRED_FIELD_MISSING');
  });

  it("evaluates another recipient's condition on the stored value: other_fields in the view, the hidden field not required", async () => {
    const monthly = await envelopeOf('cross');
    assert.equal((await sign(monthly.samToken, [{ field_id: monthly.radio, value: 'Monthly billing' }])).status, 200);
    const graceToken = await tokenFor(server, monthly.envelopeId, monthly.grace);
    const view = await server.call('GET', `/api/v2.0/signing/${graceToken}`);
    assert.deepEqual(view.body.data.other_fields, [{ name: 'plan', value: 'Monthly billing' }]);
    assert.equal((await sign(graceToken, [])).status, 200);

    const yearly = await envelopeOf('cross2');
    const yearlyFields = [
      { field_id: yearly.radio, value: 'Yearly billing' },
      { field_id: yearly.poNumber, value: 'PO-9' },
    ];
    assert.equal((await sign(yearly.samToken, yearlyFields)).status, 200);
    const yearlyGrace = await tokenFor(server, yearly.envelopeId, yearly.grace);
    assertError(await sign(yearlyGrace, []), 400, 'REQUIRED_FIELD_MISSING');
  });
});
