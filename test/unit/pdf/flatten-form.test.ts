import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDF } from '@libpdf/core';
import { flattenForm } from '../../../src/infra/pdf/flatten-form.js';
import { stampFields } from '../../../src/infra/pdf/stamp-fields.js';
import { annotationSubtypes, formFieldsOf, makeFormPdf, makeLoopingFormPdf } from '../../support/form-pdfs.js';
import { pdfText } from './poppler.js';

const flattened = async (bytes: Uint8Array) => {
  const pdf = await PDF.load(bytes);
  flattenForm(pdf);
  return pdf.save();
};

describe('flattenForm', () => {
  it('draws the form into the pages and removes every field and widget', async () => {
    const bytes = await flattened(await makeFormPdf());
    assert.deepEqual(await formFieldsOf(bytes), []);
    assert.deepEqual(await annotationSubtypes(bytes), {});
    assert.equal((await PDF.load(bytes)).getCatalog().has('AcroForm'), false);
    const text = await pdfText(bytes);
    assert.match(text, /Ada Lovelace/);
    assert.match(text, /Purchase agreement/);
  });

  it('drops a form it cannot flatten within bounds (a field tree that loops) rather than failing', async () => {
    const bytes = await makeLoopingFormPdf();
    const dropped = await flattened(bytes);
    assert.deepEqual(await annotationSubtypes(dropped), {});
    assert.equal((await PDF.load(dropped)).getCatalog().has('AcroForm'), false);
  });

  it('runs before the values are stamped: a stamped document has no form left', async () => {
    const stamped = await stampFields(await makeFormPdf(), [
      { page: 1, x: 300, y: 300, width: 100, height: 20, kind: 'text', text: 'Stamped' },
    ]);
    assert.deepEqual(await formFieldsOf(stamped), []);
    assert.deepEqual(await annotationSubtypes(stamped), {});
    assert.match(await pdfText(stamped), /Stamped/);
  });
});
