import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfString, type PDFPage } from '@libpdf/core';

/** A widget rectangle in a page's user space (bottom-left corner, unrotated), as drawField takes it. */
export interface UserRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The letter-size pages of the form fixture: page 2 is turned a quarter clockwise (/Rotate 90). */
export const FORM_PAGE = { width: 612, height: 792 } as const;

/** Where the fixture's widgets are, in user space; fractions so that a rounded placement would show. */
export const FORM_WIDGETS = {
  name: { x: 100.25, y: 700.5, width: 200.5, height: 20.25 },
  agree: { x: 100, y: 650, width: 14, height: 14 },
  payCard: { x: 100, y: 600, width: 12, height: 12 },
  payCash: { x: 160, y: 600, width: 12, height: 12 },
  country: { x: 100, y: 550, width: 120, height: 20 },
  /** On page 2 (rotated 90°). */
  signature: { x: 120, y: 200, width: 150, height: 40 },
} satisfies Record<string, UserRect>;

/**
 * A user-space rectangle of a /Rotate 90 letter page as the contract measures it (top-left corner of
 * the page as seen): worked out by hand, independently of the service's page-geometry code. The seen
 * page is 792 wide; user y runs left to right across it and user x top to bottom.
 */
export const seenOnQuarterTurn = (rect: UserRect) => ({ x: rect.y, y: rect.x, width: rect.height, height: rect.width });

/** A rectangle of an unrotated letter page as the contract measures it: y from the top. */
export const seenUpright = (rect: UserRect) => ({
  x: rect.x,
  y: FORM_PAGE.height - rect.y - rect.height,
  width: rect.width,
  height: rect.height,
});

/** Adds a visible widget to a signature field, which @libpdf/core's drawField refuses to draw. */
export const addSignatureWidget = (pdf: PDF, page: PDFPage, name: string, rect: UserRect): void => {
  const field = pdf.getOrCreateForm().createSignatureField(name);
  const widget = field.addWidget(
    PdfDict.of({
      Type: PdfName.of('Annot'),
      Subtype: PdfName.of('Widget'),
      Rect: PdfArray.of(PdfNumber.of(rect.x), PdfNumber.of(rect.y), PdfNumber.of(rect.x + rect.width), PdfNumber.of(rect.y + rect.height)),
      F: PdfNumber.of(4),
      P: page.ref,
    }),
  );
  const annots = page.dict.getArray('Annots');
  if (annots) annots.push(widget.ref!);
  else page.dict.set('Annots', PdfArray.of(widget.ref!));
};

/**
 * The form fixture: page 1 holds a prefilled text field (`buyer.name`, "Ada Lovelace"), a ticked
 * checkbox (`buyer.agree`), a radio group (`payment`, Card/Cash, Cash chosen) and a dropdown
 * (`country`, Japan chosen); page 2, rotated, a signature field (`seller.signature`). Both pages
 * carry a line of text of their own.
 */
export const makeFormPdf = async (): Promise<Uint8Array> => {
  const pdf = PDF.create();
  const first = pdf.addPage({ size: 'letter' });
  const second = pdf.addPage({ size: 'letter', rotate: 90 });
  first.drawText('Purchase agreement', { x: 72, y: 740, size: 12 });
  second.drawText('Seller page', { x: 72, y: 560, size: 12 });
  const form = pdf.getOrCreateForm();
  const name = form.createTextField('buyer.name');
  first.drawField(name, FORM_WIDGETS.name);
  name.setValue('Ada Lovelace');
  const agree = form.createCheckbox('buyer.agree');
  first.drawField(agree, FORM_WIDGETS.agree);
  agree.check();
  const payment = form.createRadioGroup('payment', { options: ['Card', 'Cash'] });
  first.drawField(payment, { ...FORM_WIDGETS.payCard, option: 'Card' });
  first.drawField(payment, { ...FORM_WIDGETS.payCash, option: 'Cash' });
  payment.setValue('Cash');
  const country = form.createDropdown('country', { options: ['France', 'Japan'] });
  first.drawField(country, FORM_WIDGETS.country);
  country.setValue('Japan');
  addSignatureWidget(pdf, second, 'seller.signature', FORM_WIDGETS.signature);
  return pdf.save();
};

/** A one-page PDF with one prefilled text field, `note` ("Handle with care"), that a sender may leave as drawn. */
export const makeNotePdf = async (): Promise<Uint8Array> => {
  const pdf = PDF.create();
  const page = pdf.addPage({ size: 'letter' });
  page.drawText('Delivery note', { x: 72, y: 740, size: 12 });
  const note = pdf.getOrCreateForm().createTextField('note');
  page.drawField(note, { x: 72, y: 600, width: 300, height: 24 });
  note.setValue('Handle with care');
  return pdf.save();
};

/** The number of annotations of each subtype over the document's pages. */
export const annotationSubtypes = async (bytes: Uint8Array): Promise<Record<string, number>> => {
  const pdf = await PDF.load(bytes);
  const counts: Record<string, number> = {};
  const resolve = (value: unknown) => (value instanceof PdfRef ? pdf.getObject(value) : value);
  for (const page of pdf.getPages()) {
    const annots = resolve(page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (const item of annots.toArray()) {
      const annotation = resolve(item);
      const subtype = annotation instanceof PdfDict ? resolve(annotation.get('Subtype')) : undefined;
      const key = subtype instanceof PdfName ? subtype.value : '?';
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
};

/** The document's form fields as @libpdf/core reads them: full name and type. */
export const formFieldsOf = async (bytes: Uint8Array): Promise<{ name: string; type: string }[]> => {
  const form = (await PDF.load(bytes)).getForm();
  return (form?.getFields() ?? []).map((field) => ({ name: field.name, type: field.type }));
};

/** Builds a PDF whose AcroForm is made by hand: `fields` receives the catalog's /Fields array to fill. */
export const makeRawFormPdf = async (fill: (pdf: PDF, page: PDFPage, fields: PdfArray) => void): Promise<Uint8Array> => {
  const pdf = PDF.create();
  const page = pdf.addPage({ size: 'letter' });
  const fields = new PdfArray([]);
  pdf.getCatalog().set('AcroForm', PdfDict.of({ Fields: fields }));
  fill(pdf, page, fields);
  return pdf.save();
};

/** A text field dictionary with one merged widget at `rect` on `page`. */
export const textFieldDict = (page: PDFPage, name: string, rect: UserRect): PdfDict =>
  PdfDict.of({
    FT: PdfName.of('Tx'),
    T: PdfString.fromString(name),
    Type: PdfName.of('Annot'),
    Subtype: PdfName.of('Widget'),
    Rect: PdfArray.of(PdfNumber.of(rect.x), PdfNumber.of(rect.y), PdfNumber.of(rect.x + rect.width), PdfNumber.of(rect.y + rect.height)),
    P: page.ref,
  });

/** A form whose field tree loops (top → child → top), with one widget on the page that belongs to no field of it. */
export const makeLoopingFormPdf = (): Promise<Uint8Array> =>
  makeRawFormPdf((pdf, page, fields) => {
    const kids = new PdfArray([]);
    const top = pdf.register(PdfDict.of({ T: PdfString.fromString('top'), Kids: kids }));
    kids.push(pdf.register(PdfDict.of({ T: PdfString.fromString('child'), Kids: PdfArray.of(top) })));
    fields.push(top);
    page.dict.set('Annots', PdfArray.of(pdf.register(textFieldDict(page, 'orphan', { x: 10, y: 10, width: 50, height: 15 }))));
  });

/** A form of `count` small text fields in rows down the page. */
export const makeManyFieldsPdf = (count: number): Promise<Uint8Array> =>
  makeRawFormPdf((pdf, page, fields) => {
    const annots = new PdfArray([]);
    for (let i = 0; i < count; i += 1) {
      const field = pdf.register(
        textFieldDict(page, `f${i}`, { x: 10 + (i % 20) * 29, y: 10 + Math.floor(i / 20) * 7, width: 25, height: 5 }),
      );
      fields.push(field);
      annots.push(field);
    }
    page.dict.set('Annots', annots);
  });
