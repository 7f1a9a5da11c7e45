import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, Standard14Font } from '@libpdf/core';

const run = promisify(execFile);

/** A TrueType font every test machine has with LibreOffice: drawn with it, @libpdf/core writes a Type0 font (Identity-H, 2-byte codes). */
export const DEJAVU_SANS = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

export interface RawPage {
  /** The page's content stream; `/F` names the page's font. */
  content: string;
  rotate?: 0 | 90 | 180 | 270;
}

/** A document whose pages' content streams are written out, with Helvetica as /F (a Standard 14 font: no widths, no descriptor). */
export const pdfWithContent = async (pages: readonly RawPage[]): Promise<Uint8Array> => {
  const pdf = PDF.create();
  for (const { content, rotate = 0 } of pages) {
    const page = pdf.addPage({ width: 612, height: 792, rotate });
    const font = page.registerFont('Helvetica');
    page.dict.set('Contents', pdf.createStream({}, new TextEncoder().encode(content.replaceAll('/F ', `/${font} `))));
  }
  return pdf.save();
};

/** The printable ASCII characters a Type 3 fixture font draws, each a box half an em wide. */
const TYPE3_FIRST = 32;
const TYPE3_LAST = 126;

/**
 * A document whose page draws with /F a Type 3 font, whose widths are in its own glyph space
 * (FontMatrix 0.01: 50 units, half an em) and whose glyph names give their text.
 */
export const pdfWithType3Font = async (content: string): Promise<Uint8Array> => {
  const pdf = PDF.create();
  const page = pdf.addPage({ width: 612, height: 792 });
  const codes = Array.from({ length: TYPE3_LAST - TYPE3_FIRST + 1 }, (_, i) => TYPE3_FIRST + i);
  const glyphName = (code: number) => `g${code}`;
  const charProcs = new PdfDict(
    codes.map((code) => [
      glyphName(code),
      pdf.createStream({}, new TextEncoder().encode(code === 32 ? '50 0 d0' : '50 0 0 0 45 70 d1 5 0 35 70 re f')),
    ]),
  );
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /T3 def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    `1 beginbfrange <${TYPE3_FIRST.toString(16)}> <${TYPE3_LAST.toString(16)}> <00${TYPE3_FIRST.toString(16)}> endbfrange`,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const font = pdf.register(
    new PdfDict([
      ['Type', PdfName.of('Font')],
      ['Subtype', PdfName.of('Type3')],
      ['FontBBox', PdfArray.of(...[0, -20, 50, 80].map(PdfNumber.of))],
      ['FontMatrix', PdfArray.of(...[0.01, 0, 0, 0.01, 0, 0].map(PdfNumber.of))],
      ['CharProcs', charProcs],
      [
        'Encoding',
        new PdfDict([['Differences', PdfArray.of(PdfNumber.of(TYPE3_FIRST), ...codes.map((code) => PdfName.of(glyphName(code))))]]),
      ],
      ['FirstChar', PdfNumber.of(TYPE3_FIRST)],
      ['LastChar', PdfNumber.of(TYPE3_LAST)],
      ['Widths', PdfArray.of(...codes.map(() => PdfNumber.of(50)))],
      ['ToUnicode', pdf.createStream({}, new TextEncoder().encode(toUnicode))],
    ]),
  );
  page.dict.set('Resources', new PdfDict([['Font', new PdfDict([['T3', font]])]]));
  page.dict.set('Contents', pdf.createStream({}, new TextEncoder().encode(content.replaceAll('/F ', '/T3 '))));
  return pdf.save();
};

export interface DrawnLine {
  text: string;
  x: number;
  y: number;
  size: number;
  page?: number;
  /** Default Helvetica; `dejavu` embeds DejaVu Sans (a CID font). */
  font?: 'helvetica' | 'dejavu';
}

/** A US Letter document with lines drawn by @libpdf/core. */
export const pdfWithLines = async (lines: readonly DrawnLine[], pages = 1): Promise<Uint8Array> => {
  const pdf = PDF.create();
  for (let i = 0; i < pages; i += 1) pdf.addPage({ width: 612, height: 792 });
  const dejavu = lines.some((line) => line.font === 'dejavu') ? pdf.fonts.embed(await readFile(DEJAVU_SANS)) : undefined;
  for (const line of lines) {
    pdf.getPage((line.page ?? 1) - 1)!.drawText(line.text, {
      x: line.x,
      y: line.y,
      size: line.size,
      font: line.font === 'dejavu' ? dejavu! : 'Helvetica',
    });
  }
  return pdf.save();
};

const HELVETICA = Standard14Font.of('Helvetica');

/** Helvetica's advance of `text` at `size`, in points. */
export const helveticaWidth = (text: string, size: number): number => HELVETICA.widthOfTextAtSize(text, size);

/** Helvetica's ascent and descent (its AFM), in points at `size`. */
export const helveticaAscent = (size: number): number => (718 * size) / 1000;
export const helveticaDescent = (size: number): number => (207 * size) / 1000;

/** Whether LibreOffice can be run here. */
export const hasSoffice = async (): Promise<boolean> =>
  run('soffice', ['--version']).then(
    () => true,
    () => false,
  );

const escapeXml = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A word-processor document (flat ODT) of these paragraphs in DejaVu Sans 11 pt. */
const flatOdt = (paragraphs: readonly string[]): string => `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:xsl-formatting-objects:1.0"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="DejaVu Sans" svg:font-family="'DejaVu Sans'"/></office:font-face-decls>
<office:styles><style:default-style style:family="paragraph"><style:text-properties style:font-name="DejaVu Sans" fo:font-size="11pt"/></style:default-style></office:styles>
<office:body><office:text>
${paragraphs.map((paragraph) => `<text:p>${escapeXml(paragraph)}</text:p>`).join('\n')}
</office:text></office:body></office:document>`;

/**
 * The paragraphs as LibreOffice turns a word-processor document into PDF (subset TrueType fonts with
 * their own one-byte codes, kerned TJ arrays, descriptors without ascent): what a DOCX or ODT upload becomes.
 */
export const convertParagraphs = async (paragraphs: readonly string[]): Promise<Uint8Array> => {
  const dir = await mkdtemp(join(tmpdir(), 'countersign-tags-'));
  try {
    await writeFile(join(dir, 'document.fodt'), flatOdt(paragraphs));
    const profile = `-env:UserInstallation=file://${join(dir, 'profile')}`;
    await run('soffice', [profile, '--headless', '--convert-to', 'pdf', '--outdir', dir, join(dir, 'document.fodt')], { timeout: 180_000 });
    return await readFile(join(dir, 'document.pdf'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
