import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { describeOnEachDatabase } from '../../support/api-suite.js';
import { rowCount } from '../../support/row-count.js';
import { assertError } from '../../support/test-server.js';
import { createNdaTemplate, envelopesOf, postBulkCsv, untilFinished } from './bulk-send-requests.js';

const HEADER =
  'Client.name,Client.email,Client.company,Provider.name,Provider.email,Legal.name,Legal.email,envelope_name,metadata.customer';
const line = (i: number, email = `csv-${i}@example.test`) =>
  `Client ${i},${email},"Initech, Branch ${i}",Grace Hopper,grace@example.test,${i % 2 ? 'Alan Turing' : ''},${i % 2 ? 'alan@example.test' : ''},NDA ${i},C-${i}`;

describeOnEachDatabase('POST /bulk_sends with a CSV (docs/api/bulk-sending.md)', (server) => {
  let token: string;
  let templateId: string;
  before(async () => {
    token = (await server.newAccount('enterprise')).accessToken;
    templateId = (await createNdaTemplate(server, token)).template_id;
  });

  it('maps the columns to roles, placeholders to field defaults, and reports a bad row by its data row number and column', async () => {
    const csv = [HEADER, line(1), line(2), line(3, 'not-an-address'), line(4), line(5)].join('\n');
    const response = await postBulkCsv(server, token, csv, { template_id: templateId, envelope: JSON.stringify({ expiration_days: 9 }) });
    assert.equal(response.status, 202, JSON.stringify(response.body));
    assert.deepEqual(response.body.data.errors, [
      { row: 3, error_code: 'INVALID_FIELD', developer_message: '"Client.email" must be a valid email.', field: 'Client.email' },
    ]);
    const done = await untilFinished(server, token, response.body.data.bulk_send_id);
    assert.deepEqual([done.status, done.total, done.created, done.failed], ['completed', 5, 4, 1]);

    const envelopes = await envelopesOf(server, response.body.data.bulk_send_id);
    assert.deepEqual(envelopes.map((e) => e.name).sort(), ['NDA 1', 'NDA 2', 'NDA 4', 'NDA 5']);
    assert.ok(envelopes.every((e) => e.expiration_days === 9));
    const first = envelopes.find((e) => e.name === 'NDA 1')!;
    assert.deepEqual(JSON.parse(first.metadata), { customer: 'C-1' });
    const db = server.service.ctx.db;
    const recipients = await db
      .selectFrom('recipients')
      .select(['role', 'title', 'name', 'email'])
      .where('envelope_id', '=', first.id)
      .orderBy('role', 'desc')
      .orderBy('position')
      .execute();
    assert.deepEqual(
      recipients.map((r) => [r.role, r.title, r.name, r.email]),
      [
        ['signer', 'Client', 'Client 1', 'csv-1@example.test'],
        ['signer', 'Provider', 'Grace Hopper', 'grace@example.test'],
        ['observer', 'Legal', 'Alan Turing', 'alan@example.test'],
      ],
    );
    const company = await db
      .selectFrom('fields')
      .select(['default_value', 'editable'])
      .where('envelope_id', '=', first.id)
      .where('placeholder', '=', 'company')
      .executeTakeFirstOrThrow();
    assert.deepEqual([company.default_value, company.editable], ['Initech, Branch 1', 1]);
    const second = envelopes.find((e) => e.name === 'NDA 2')!;
    const observers = await db
      .selectFrom('recipients')
      .select('id')
      .where('envelope_id', '=', second.id)
      .where('role', '=', 'observer')
      .execute();
    assert.equal(observers.length, 0, 'a row whose observer cells are empty names no observer');
  });

  it('reads a byte-order mark, CRLF line ends, quoted line breaks and blank lines', async () => {
    const csv = `\uFEFF${HEADER}\r\n${line(6)}\r\n\r\n"Client\r\nSeven",csv-7@example.test,x,Grace Hopper,grace@example.test,,,NDA 7,\r\n`;
    const response = await postBulkCsv(server, token, csv, { template_id: templateId });
    assert.equal(response.status, 202, JSON.stringify(response.body));
    const done = await untilFinished(server, token, response.body.data.bulk_send_id);
    assert.deepEqual([done.total, done.created], [2, 2]);
  });

  it('creates nothing with all_or_nothing when a row is invalid: 400 BULK_ROWS_INVALID naming the rows and columns', async () => {
    const [sends, envelopes] = [await rowCount(server, 'bulk_sends'), await rowCount(server, 'envelopes')];
    const csv = [HEADER, line(1), line(2, 'bad'), line(3)].join('\n');
    const response = await postBulkCsv(server, token, csv, { template_id: templateId, all_or_nothing: 'true' });
    assertError(response, 400, 'BULK_ROWS_INVALID');
    assert.deepEqual(
      response.body.errors.slice(1).map((e: { row: number; field: string }) => [e.row, e.field]),
      [[2, 'Client.email']],
    );
    assert.deepEqual([await rowCount(server, 'bulk_sends'), await rowCount(server, 'envelopes')], [sends, envelopes]);
  });

  it('answers 400 INVALID_CSV for a CSV that cannot be read', async () => {
    const cases: [string, string | Uint8Array, RegExp][] = [
      ['an unclosed quote', `${HEADER}\n"Client 1,csv@example.test,x,G,g@example.test,,,N,C`, /Quote Not Closed/i],
      ['a row of the wrong width', `${HEADER}\nClient 1,csv@example.test`, /Invalid Record Length: expect 9, got 2 on line 2/],
      ['bytes that are not UTF-8', new Uint8Array([0x43, 0x6c, 0xff, 0xfe, 0x0a]), /not UTF-8/],
      ['a NUL character', `${HEADER}\nClient\u0000,a@example.test,x,G,g@example.test,,,N,C`, /NUL/],
      ['nothing', '', /empty/],
    ];
    for (const [what, csv, message] of cases) {
      const response = await postBulkCsv(server, token, csv, { template_id: templateId });
      const error = assertError(response, 400, 'INVALID_CSV');
      assert.match(error.developer_message, message, what);
      assert.equal(error.field, 'file');
    }
  });

  it('answers 400 INVALID_CSV naming every header column that does not match the template', async () => {
    const csv =
      'Client.name,Client.email,Client.salary,Landlord.name,Legal.phone_number,Client.email\nA,a@example.test,1,B,2,a@example.test\n';
    const error = assertError(await postBulkCsv(server, token, csv, { template_id: templateId }), 400, 'INVALID_CSV');
    for (const part of [
      'column "Client.email" is given twice',
      'the role "Client" has no field with the placeholder "salary"',
      'column "Landlord.name" names no role of the template',
      'column "Legal.phone_number": an observer',
      'no column fills the role "Provider"',
    ])
      assert.ok(error.developer_message.includes(part), `${part} in ${error.developer_message}`);
  });

  it('answers 400 TOO_MANY_ROWS for a header without data rows, and for 10,001 data rows', async () => {
    const none = assertError(await postBulkCsv(server, token, `${HEADER}\n`, { template_id: templateId }), 400, 'TOO_MANY_ROWS');
    assert.match(none.developer_message, /no data row/);
    const csv = [HEADER, ...Array.from({ length: 10_001 }, (_, i) => line(i))].join('\n');
    const error = assertError(await postBulkCsv(server, token, csv, { template_id: templateId }), 400, 'TOO_MANY_ROWS');
    assert.equal(error.field, 'file');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a CSV over 5 MB', async () => {
    const csv = `${HEADER}\n${'x'.repeat(5 * 1024 * 1024)}`;
    assertError(await postBulkCsv(server, token, csv, { template_id: templateId }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it("refuses the form's own mistakes: no file, no template, envelope not JSON, an unknown part", async () => {
    const noFile = new FormData();
    noFile.append('template_id', templateId);
    const response = await fetch(`${server.url}/api/v2.0/bulk_sends`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, app_auth_type: 'esign-oauth2' },
      body: noFile,
    });
    assertError({ status: response.status, headers: response.headers, body: await response.json() }, 400, 'FILE_REQUIRED');
    const csv = [HEADER, line(1)].join('\n');
    assertError(await postBulkCsv(server, token, csv, {}), 400, 'TEMPLATE_ID_REQUIRED');
    assertError(await postBulkCsv(server, token, csv, { template_id: templateId, envelope: '{' }), 400, 'MALFORMED_JSON');
    assertError(
      await postBulkCsv(server, token, csv, { template_id: templateId, envelope: '{"expiration_days":"x"}' }),
      400,
      'INVALID_FIELD',
    );
    assertError(await postBulkCsv(server, token, csv, { template_id: templateId, all_or_nothing: 'yes' }), 400, 'INVALID_FIELD');
    assertError(await postBulkCsv(server, token, csv, { template_id: templateId, colour: 'blue' }), 400, 'UNKNOWN_FIELD');
  });
});
