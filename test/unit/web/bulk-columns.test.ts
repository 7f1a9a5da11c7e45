import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { csvRows } from '../../../src/app/bulk-sends/csv-rows.js';
import type { TemplateRoles as StoredRoles } from '../../../src/app/templates/template-roles.js';
import { AppError } from '../../../src/domain/app-error.js';
import { checkColumns, templateColumns } from '../../../web/src/console/bulk/column-check.js';
import { csvText, errorLines } from '../../../web/src/console/bulk/csv-text.js';
import type { TemplateRoles } from '../../../web/src/editor/template-roles.js';

/** A template as getTemplate answers it: Client (a field with the placeholder `company`), a witness, a signing group, an observer. */
const roles = (withGroup = false) =>
  ({
    signers: [
      {
        signer_title: 'Client',
        signing_order: 1,
        fields: [{ type: 'text', page: 1, x: 1, y: 1, width: 9, height: 9, placeholder: 'company' }],
      },
      { signer_title: 'Dr. Who', signing_order: 2, fields: [], role: 'witness', witness_for: 'Client' },
      ...(withGroup ? [{ signer_title: 'Board', signing_order: 3, fields: [], group: { required: 2 } }] : []),
    ],
    observers: [{ observer_title: 'Legal' }],
  }) as unknown as TemplateRoles;

/** The service's own reading of a header (and one row under it): refused whole, or not. */
const serviceRefuses = (header: string[], template: TemplateRoles): boolean => {
  try {
    csvRows([header, header.map(() => 'x')], template as unknown as StoredRoles);
    return false;
  } catch (error) {
    if (error instanceof AppError && error.code === 'INVALID_CSV') return true;
    throw error;
  }
};

const FULL = [
  'Client.name',
  'Client.email',
  'Client.company',
  'Dr. Who.name',
  'Legal.name',
  'Legal.email',
  'envelope_name',
  'metadata.crm_id',
];

describe('the bulk send page’s column check', () => {
  const headers: { title: string; header: string[]; group?: boolean }[] = [
    { title: 'every column known', header: FULL },
    { title: 'a misspelt role', header: [...FULL, 'Clinet.email'] },
    { title: 'a placeholder the role has no field for', header: [...FULL, 'Client.vat'] },
    { title: 'an observer column that is not name, email or language', header: [...FULL, 'Legal.phone_number'] },
    { title: 'a column given twice', header: [...FULL, 'Client.name'] },
    { title: 'a role no column fills', header: FULL.filter((column) => !column.startsWith('Dr. Who')) },
    { title: 'a signing-group role', header: FULL, group: true },
    { title: 'a column with no role at all', header: [...FULL, 'notes'] },
  ];
  for (const { title, header, group } of headers) {
    it(`refuses a header exactly when the service does: ${title}`, () => {
      const template = roles(group);
      assert.equal(checkColumns(header, template).ready, !serviceRefuses(header, template));
    });
  }

  it('reports what fills each role, what is missing and what is unknown', () => {
    const check = checkColumns(
      ['Client.name', 'Client.company', 'Legal.name', 'Clinet.email', 'Client.vat', 'Legal.fax', 'envelope_name'],
      roles(true),
    );
    assert.deepEqual(
      check.roles.map((role) => [role.title, role.columns, role.missing, role.group]),
      [
        ['Client', ['Client.name', 'Client.company'], ['Client.email'], false],
        ['Dr. Who', [], ['Dr. Who.name'], false],
        ['Board', [], [], true],
        ['Legal', ['Legal.name'], ['Legal.email'], false],
      ],
    );
    assert.deepEqual(check.unknown, [
      { column: 'Clinet.email', reason: 'noRole' },
      { column: 'Client.vat', reason: 'noPlaceholder' },
      { column: 'Legal.fax', reason: 'observerKey' },
    ]);
    assert.equal(check.envelopeName, true);
    assert.equal(check.ready, false);
  });

  it('asks for a role’s e-mail column, which the service only misses row by row, except a witness’s', () => {
    const header = FULL.filter((column) => column !== 'Client.email');
    assert.equal(serviceRefuses(header, roles()), false);
    assert.deepEqual(checkColumns(header, roles()).roles[0]!.missing, ['Client.email']);
    assert.deepEqual(checkColumns(FULL, roles()).roles[1]!.missing, []);
  });

  it('offers the columns of a file for the template, which the check accepts', () => {
    const columns = templateColumns(roles());
    assert.deepEqual(columns, [
      'Client.name',
      'Client.email',
      'Client.company',
      'Dr. Who.name',
      'Dr. Who.email',
      'Legal.name',
      'Legal.email',
      'envelope_name',
    ]);
    assert.equal(checkColumns(columns, roles()).ready, true);
  });
});

describe('the errors CSV', () => {
  it('quotes every cell, doubles quotes, keeps commas and line breaks in their cell, and ends lines with CRLF', () => {
    const text = csvText(
      errorLines([{ row: 7, error_code: 'INVALID_FIELD', developer_message: '"Client.email" must be\na valid email, really.' }]),
      {
        escapeFormulas: true,
      },
    );
    assert.equal(text, '"row","error_code","message"\r\n"7","INVALID_FIELD","""Client.email"" must be\na valid email, really."\r\n');
  });

  it('writes a cell a spreadsheet would run as a formula as text, but leaves a header the service reads back alone', () => {
    const cells = ['=HYPERLINK("x")', '+1', '-1', '@SUM(A1)', 'plain'];
    assert.equal(csvText([cells], { escapeFormulas: true }), `"'=HYPERLINK(""x"")","'+1","'-1","'@SUM(A1)","plain"\r\n`);
    assert.equal(csvText([['-Client.name']], { escapeFormulas: false }), '"-Client.name"\r\n');
  });
});
