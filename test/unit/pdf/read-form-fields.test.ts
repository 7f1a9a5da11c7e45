import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfString } from '@libpdf/core';
import { AppError } from '../../../src/domain/app-error.js';
import { statusOf } from '../../../src/http/errors.js';
import { importFormFields } from '../../../src/infra/pdf/read-form-fields.js';
import {
  FORM_PAGE,
  FORM_WIDGETS,
  annotationSubtypes,
  formFieldsOf,
  makeFormPdf,
  makeLoopingFormPdf,
  makeManyFieldsPdf,
  makeRawFormPdf,
  seenOnQuarterTurn,
  seenUpright,
  textFieldDict,
  type UserRect,
} from '../../support/form-pdfs.js';

const rejectsWith = async (promise: Promise<unknown>, code: string) => {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof AppError, String(error));
    assert.equal(error.code, code);
    assert.equal(statusOf(error), 400);
    return true;
  });
};

const closeTo = (actual: { x: number; y: number; width: number; height: number }, expected: UserRect) => {
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    assert.ok(Math.abs(actual[key] - expected[key]) < 0.01, `${key}: ${actual[key]} is not ${expected[key]}`);
  }
};

/** One text field on a page of the given /Rotate, at `rect` in user space. */
const rotatedField = (rotation: number, rect: UserRect) =>
  makeRawFormPdf((pdf, page, fields) => {
    page.setRotation(rotation as 0 | 90 | 180 | 270);
    const field = pdf.register(textFieldDict(page, 'turned', rect));
    fields.push(field);
    page.dict.set('Annots', PdfArray.of(field));
  });

describe('importFormFields', () => {
  it('reads each field at its widget rectangle in contract coordinates, with its value and options', async () => {
    const { fields } = await importFormFields({ bytes: await makeFormPdf(), maxFields: 2000 });
    const byName = new Map(fields.map((field) => [field.name, field]));
    assert.deepEqual([...byName.keys()], ['buyer.name', 'buyer.agree', 'payment', 'country', 'seller.signature']);

    const name = byName.get('buyer.name')!;
    assert.deepEqual([name.type, name.page, name.value, name.options], ['text', 1, 'Ada Lovelace', null]);
    closeTo(name, seenUpright(FORM_WIDGETS.name));

    const agree = byName.get('buyer.agree')!;
    assert.deepEqual([agree.type, agree.value], ['checkbox', 'true']);
    closeTo(agree, seenUpright(FORM_WIDGETS.agree));

    // One radio field over both buttons: the box around them, the export values as options.
    const payment = byName.get('payment')!;
    assert.deepEqual([payment.type, payment.value, payment.options], ['radio', 'Cash', ['Card', 'Cash']]);
    const { payCard, payCash } = FORM_WIDGETS;
    closeTo(payment, seenUpright({ x: payCard.x, y: payCard.y, width: payCash.x + payCash.width - payCard.x, height: payCard.height }));

    const country = byName.get('country')!;
    assert.deepEqual([country.type, country.value, country.options], ['dropdown', 'Japan', ['France', 'Japan']]);
    closeTo(country, seenUpright(FORM_WIDGETS.country));

    const signature = byName.get('seller.signature')!;
    assert.deepEqual([signature.type, signature.page, signature.value], ['signature', 2, null]);
    closeTo(signature, seenOnQuarterTurn(FORM_WIDGETS.signature));
  });

  for (const { rotation, expected } of [
    { rotation: 0, expected: { x: 50, y: FORM_PAGE.height - 300 - 30, width: 120, height: 30 } },
    { rotation: 90, expected: { x: 300, y: 50, width: 30, height: 120 } },
    { rotation: 180, expected: { x: FORM_PAGE.width - 50 - 120, y: 300, width: 120, height: 30 } },
    { rotation: 270, expected: { x: FORM_PAGE.height - 300 - 30, y: FORM_PAGE.width - 50 - 120, width: 30, height: 120 } },
  ]) {
    it(`places a widget of a page rotated ${rotation}° where the signer sees it`, async () => {
      const { fields } = await importFormFields({
        bytes: await rotatedField(rotation, { x: 50, y: 300, width: 120, height: 30 }),
        maxFields: 10,
      });
      assert.equal(fields.length, 1);
      closeTo(fields[0]!, expected);
    });
  }

  it('takes the imported fields off the form and their widgets off the pages', async () => {
    const { bytes } = await importFormFields({ bytes: await makeFormPdf(), maxFields: 2000 });
    assert.deepEqual(await formFieldsOf(bytes), []);
    assert.deepEqual(await annotationSubtypes(bytes), {});
    assert.equal((await PDF.load(bytes)).getCatalog().has('AcroForm'), false);
  });

  it('leaves push buttons and invisible widgets on the form, and a document without a form unchanged', async () => {
    const bytes = await makeRawFormPdf((pdf, page, fields) => {
      const button = pdf.register(
        PdfDict.of({
          ...Object.fromEntries(textFieldDict(page, 'print', { x: 10, y: 10, width: 40, height: 20 })),
          FT: PdfName.of('Btn'),
          Ff: PdfNumber.of(1 << 16),
        }),
      );
      const hidden = pdf.register(textFieldDict(page, 'hidden', { x: 0, y: 0, width: 0, height: 0 }));
      fields.push(button);
      fields.push(hidden);
      page.dict.set('Annots', PdfArray.of(button, hidden));
    });
    const imported = await importFormFields({ bytes, maxFields: 10 });
    assert.deepEqual(imported.fields, []);
    assert.equal(imported.bytes, bytes);
    const plain = await makeRawFormPdf(() => undefined);
    assert.equal((await importFormFields({ bytes: plain, maxFields: 10 })).bytes, plain);
  });

  it('refuses more widgets than allowed with TOO_MANY_FIELDS, counting before reading them', async () => {
    const bytes = await makeManyFieldsPdf(11);
    assert.equal((await importFormFields({ bytes, maxFields: 11 })).fields.length, 11);
    await rejectsWith(importFormFields({ bytes, maxFields: 10 }), 'TOO_MANY_FIELDS');
    const huge = await makeRawFormPdf((pdf, page, fields) => {
      const parent = PdfDict.of({
        T: PdfString.fromString('parent'),
        Kids: new PdfArray(Array.from({ length: 100_000 }, () => PdfNumber.of(0))),
      });
      fields.push(pdf.register(parent));
    });
    const started = Date.now();
    await rejectsWith(importFormFields({ bytes: huge, maxFields: 2000 }), 'TOO_MANY_FIELDS');
    assert.ok(Date.now() - started < 5_000, `took ${Date.now() - started} ms`);
  });

  it('refuses a field tree that refers back to itself, or nests deeper than 32 levels, with INVALID_PDF', async () => {
    const loop = await makeLoopingFormPdf();
    await rejectsWith(importFormFields({ bytes: loop, maxFields: 2000 }), 'INVALID_PDF');
    const deep = await makeRawFormPdf((pdf, page, fields) => {
      let node = pdf.register(textFieldDict(page, 'leaf', { x: 10, y: 10, width: 50, height: 15 }));
      for (let depth = 0; depth < 40; depth += 1) {
        node = pdf.register(PdfDict.of({ T: PdfString.fromString(`level${depth}`), Kids: PdfArray.of(node) }));
      }
      fields.push(node);
    });
    await rejectsWith(importFormFields({ bytes: deep, maxFields: 2000 }), 'INVALID_PDF');
  });
});
