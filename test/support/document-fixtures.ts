import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF, rgb } from '@libpdf/core';
import { makeTestPng } from './png-fixtures.js';
import { makeZip, type ZipEntry } from './zip-archive.js';

/** Documents in the formats converted to PDF (docs/api/conversion.md), made in the tests: nothing binary is checked in. */

const run = promisify(execFile);

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const ODT_MEDIA_TYPE = 'application/vnd.oasis.opendocument.text';

const DOCX_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const contentTypes = (main: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`;

const WORD_MAIN = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

const wordDocument = (paragraphs: readonly string[]) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs
  .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`)
  .join('')}</w:body></w:document>`;

/** The entries of a minimal DOCX: content types, the package relationship, the main document. */
export const docxEntries = (paragraphs: readonly string[]): ZipEntry[] => [
  { name: '[Content_Types].xml', data: contentTypes(WORD_MAIN) },
  { name: '_rels/.rels', data: DOCX_RELS },
  { name: 'word/document.xml', data: wordDocument(paragraphs) },
];

/** A Word document (DOCX) of one paragraph per text. */
export const makeDocx = (paragraphs: readonly string[]): Buffer => makeZip(docxEntries(paragraphs));

const ODT_MANIFEST = (extra: string) => `<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">
 <manifest:file-entry manifest:full-path="/" manifest:media-type="${ODT_MEDIA_TYPE}"/>
 <manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>${extra}
</manifest:manifest>`;

const odtContent = (body: string, scripts = '') => `<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:script="urn:oasis:names:tc:opendocument:xmlns:script:1.0" office:version="1.2">${scripts}<office:body><office:text>${body}</office:text></office:body></office:document-content>`;

const odtParagraphs = (paragraphs: readonly string[]) => paragraphs.map((text) => `<text:p>${escapeXml(text)}</text:p>`).join('');

const odt = (content: string, extra: ZipEntry[] = [], manifestExtra = '') =>
  makeZip([
    // The first entry, stored: that is how readers (and file-type) recognise an OpenDocument.
    { name: 'mimetype', data: ODT_MEDIA_TYPE, method: 'store' },
    { name: 'META-INF/manifest.xml', data: ODT_MANIFEST(manifestExtra) },
    { name: 'content.xml', data: content },
    ...extra,
  ]);

/** An OpenDocument text (ODT) of one paragraph per text. */
export const makeOdt = (paragraphs: readonly string[]): Buffer => odt(odtContent(odtParagraphs(paragraphs)));

/**
 * An ODT whose Basic macro runs when the document is opened (its "dom:load" event) and writes
 * `marker`: a converter that ran macros would leave that file behind.
 */
export const makeOdtWithAutoRunMacro = (paragraphs: readonly string[], marker: string): Buffer => {
  const scripts = `<office:scripts><office:event-listeners><script:event-listener script:language="ooo:script" script:event-name="dom:load" xlink:href="vnd.sun.star.script:Standard.Module1.Main?language=Basic&amp;location=document"/></office:event-listeners></office:scripts>`;
  const module = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE script:module PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "module.dtd">
<script:module xmlns:script="http://openoffice.org/2000/script" script:name="Module1" script:language="StarBasic">Sub Main
  Dim n As Integer
  n = FreeFile
  Open &quot;${marker}&quot; For Output As #n
  Print #n, &quot;macro ran&quot;
  Close #n
End Sub
</script:module>`;
  const libraries = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE library:libraries PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "libraries.dtd">
<library:libraries xmlns:library="http://openoffice.org/2000/library" xmlns:xlink="http://www.w3.org/1999/xlink"><library:library library:name="Standard" library:link="false"/></library:libraries>`;
  const library = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE library:library PUBLIC "-//OpenOffice.org//DTD OfficeDocument 1.0//EN" "library.dtd">
<library:library xmlns:library="http://openoffice.org/2000/library" library:name="Standard" library:readonly="false" library:passwordprotected="false"><library:element library:name="Module1"/></library:library>`;
  const manifestExtra = ['Basic/script-lc.xml', 'Basic/Standard/script-lb.xml', 'Basic/Standard/Module1.xml']
    .map((path) => `\n <manifest:file-entry manifest:full-path="${path}" manifest:media-type="text/xml"/>`)
    .join('');
  return odt(
    odtContent(odtParagraphs(paragraphs), scripts),
    [
      { name: 'Basic/script-lc.xml', data: libraries },
      { name: 'Basic/Standard/script-lb.xml', data: library },
      { name: 'Basic/Standard/Module1.xml', data: module },
    ],
    manifestExtra,
  );
};

/** An ODT with a section linked to a file of the machine that converts it, whose stale text it carries. */
export const makeOdtLinkingFile = (paragraphs: readonly string[], path: string): Buffer =>
  odt(
    odtContent(
      `${odtParagraphs(paragraphs)}<text:section text:name="Linked"><text:section-source xlink:href="file://${path}" xlink:type="simple" text:filter-name="Text"/><text:p>stale section text</text:p></text:section>`,
    ),
  );

/** A Rich Text Format document of one paragraph per text (ASCII text). */
export const makeRtf = (paragraphs: readonly string[]): Buffer =>
  Buffer.from(
    `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0\\fs24 ${paragraphs.map((text) => `${text}\\par`).join('\n')}}`,
    'latin1',
  );

/** An HTML page of one paragraph per text, with whatever `extra` markup a test adds to its body. */
export const makeHtml = (paragraphs: readonly string[], extra = ''): Buffer =>
  Buffer.from(
    `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Document</title></head><body>${paragraphs
      .map((text) => `<p>${escapeXml(text)}</p>`)
      .join('')}${extra}</body></html>`,
    'utf8',
  );

/** An RGBA PNG of the given size (a little pattern in its pixels). */
export const makeImagePng = (width: number, height: number): Buffer => makeTestPng({ width, height, colourType: 6, bitDepth: 8 });

/** A JPEG of the given size: a one-page PDF of that shape rendered by poppler's pdftoppm. */
export const makeJpeg = async (width: number, height: number): Promise<Buffer> => {
  const dir = await mkdtemp(join(tmpdir(), 'countersign-jpeg-'));
  try {
    const pdf = PDF.create();
    pdf.addPage({ width, height }).drawRectangle({ x: 0, y: 0, width: width / 2, height, color: rgb(0.2, 0.4, 0.8) });
    await writeFile(join(dir, 'page.pdf'), await pdf.save());
    await run('pdftoppm', ['-jpeg', '-r', '72', '-singlefile', join(dir, 'page.pdf'), join(dir, 'page')]);
    return await readFile(join(dir, 'page.jpg'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** The JPEG with an EXIF segment (APP1) saying how it is oriented: 6 means "turn it a quarter clockwise to show it". */
export const withExifOrientation = (jpeg: Buffer, orientation: number): Buffer => {
  // A little-endian TIFF header and one IFD of one entry: Orientation (0x0112), SHORT, count 1.
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  tiff.write('II', 0, 'latin1');
  tiff.writeUInt16LE(42, 2);
  tiff.writeUInt32LE(8, 4);
  tiff.writeUInt16LE(1, 8);
  tiff.writeUInt16LE(0x0112, 10);
  tiff.writeUInt16LE(3, 12);
  tiff.writeUInt32LE(1, 14);
  tiff.writeUInt16LE(orientation, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.byteLength + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
};
