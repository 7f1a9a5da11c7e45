import { constants, deflateRawSync } from 'node:zlib';
import { PdfName, PdfStream } from '@libpdf/core';

/**
 * Decompression bombs (issue 8): small PDFs whose Flate streams inflate to gigabytes. They are built
 * without inflating or deflating anything big: one deflate block of 1 MiB of zeros, full-flushed so
 * that it stands alone, is repeated as often as needed, and the Adler-32 of a run of zeros is
 * computed arithmetically.
 */

const MIB = 1024 * 1024;
const ADLER_MOD = 65521;

const ZERO_MIB_BLOCK = deflateRawSync(Buffer.alloc(MIB), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
/** An empty final block (BFINAL=1, fixed Huffman, end-of-block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

const adler32 = (data: Uint8Array, zerosAfter: number): number => {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % ADLER_MOD;
    b = (b + a) % ADLER_MOD;
  }
  // Each zero leaves a as it is and adds a to b.
  b = (b + (zerosAfter % ADLER_MOD) * a) % ADLER_MOD;
  return ((b << 16) | a) >>> 0;
};

/** A zlib stream of `prefix` followed by `zeroMib` MiB of zero bytes: about 1 KB per MiB it inflates to. */
export const zlibBomb = (prefix: Uint8Array, zeroMib: number): Buffer => {
  const head = deflateRawSync(prefix, { finishFlush: constants.Z_FULL_FLUSH });
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler32(prefix, zeroMib * MIB));
  return Buffer.concat([Buffer.from([0x78, 0xda]), head, ...Array.from({ length: zeroMib }, () => ZERO_MIB_BLOCK), FINAL_BLOCK, trailer]);
};

const latin1 = (text: string) => Buffer.from(text, 'latin1');

interface PdfObject {
  number: number;
  dict: string;
  stream?: Buffer;
}

/** A classic PDF (xref table) of the given objects; object 1 is the catalog. */
const writePdf = (objects: PdfObject[]): Uint8Array => {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]!.length;
  const offsets = new Map<number, number>();
  for (const object of objects) {
    offsets.set(object.number, length);
    const body = object.stream
      ? [
          latin1(`${object.number} 0 obj\n<< ${object.dict} /Length ${object.stream.length} >>\nstream\n`),
          object.stream,
          latin1('\nendstream\nendobj\n'),
        ]
      : [latin1(`${object.number} 0 obj\n${object.dict}\nendobj\n`)];
    for (const part of body) {
      parts.push(part);
      length += part.length;
    }
  }
  const size = Math.max(...objects.map((o) => o.number)) + 1;
  const rows = Array.from({ length: size }, (_, n) =>
    offsets.has(n) ? `${String(offsets.get(n)).padStart(10, '0')} 00000 n \n` : '0000000000 65535 f \n',
  ).join('');
  parts.push(latin1(`xref\n0 ${size}\n${rows}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
};

/**
 * A one-page PDF whose catalog, page tree and page sit in an object stream, found through an xref
 * stream: opening it at all inflates the object stream, which holds `zeroMib` MiB of padding.
 */
export const objectStreamBomb = (zeroMib = 1024): Uint8Array => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
  ];
  let offset = 0;
  const pairs: string[] = [];
  for (const [index, object] of objects.entries()) {
    pairs.push(`${index + 1} ${offset}`);
    offset += object.length + 1;
  }
  const header = `${pairs.join(' ')} `;
  const content = latin1(header + objects.join('\n') + '\n');
  const objectStream = zlibBomb(content, zeroMib);

  const head = latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  const streamObject = Buffer.concat([
    latin1(`4 0 obj\n<< /Type /ObjStm /N 3 /First ${header.length} /Filter /FlateDecode /Length ${objectStream.length} >>\nstream\n`),
    objectStream,
    latin1('\nendstream\nendobj\n'),
  ]);
  const xrefOffset = head.length + streamObject.length;
  const row = (type: number, field2: number, field3: number) => {
    const bytes = Buffer.alloc(7);
    bytes.writeUInt8(type, 0);
    bytes.writeUInt32BE(field2, 1);
    bytes.writeUInt16BE(field3, 5);
    return bytes;
  };
  const rows = Buffer.concat([row(0, 0, 65535), row(2, 4, 0), row(2, 4, 1), row(2, 4, 2), row(1, head.length, 0), row(1, xrefOffset, 0)]);
  const xref = Buffer.concat([
    latin1(`5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`),
    rows,
    latin1('\nendstream\nendobj\n'),
  ]);
  return Buffer.concat([head, streamObject, xref, latin1(`startxref\n${xrefOffset}\n%%EOF\n`)]);
};

/**
 * A one-page PDF that shows `text` and whose page content then runs on for `zeroMib` MiB: parsing
 * it is cheap, reading its text (an anchor search, stamping) inflates the whole content stream.
 */
export const pageContentBomb = (text: string, zeroMib = 2048): Uint8Array =>
  writePdf([
    { number: 1, dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { number: 2, dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      number: 3,
      dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    },
    { number: 4, dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    { number: 5, dict: '/Filter /FlateDecode', stream: zlibBomb(latin1(`BT /F1 12 Tf 72 700 Td (${text}) Tj ET\n`), zeroMib) },
  ]);

/** A one-page PDF whose content stream inflates to `mib` MiB (of zeros after a line of text), for budget tests. */
export const pdfWithContentOf = (mib: number): Uint8Array => pageContentBomb('SIGNHERE', mib);

/**
 * A page whose content stream calls itself an image (or, with `asContent` false, a real image
 * XObject the page never decodes as content), inflating to `zeroMib` MiB.
 */
export const imageMarkedBomb = (zeroMib: number, asContent: boolean): Uint8Array =>
  writePdf([
    { number: 1, dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { number: 2, dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      number: 3,
      dict: asContent
        ? '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [4 0 R] >>'
        : '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> >>',
    },
    { number: 4, dict: '/Subtype /Image /Width 1 /Height 1 /Filter /FlateDecode', stream: zlibBomb(latin1('q Q\n'), zeroMib) },
    {
      number: 5,
      dict: '/Type /XObject /Subtype /Image /Width 8192 /Height 8192 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
      stream: zlibBomb(new Uint8Array(0), zeroMib),
    },
  ]);

/** A filter that may stand before the Flate bomb in a stream's filter chain. */
export type OuterFilter = 'ASCIIHexDecode' | 'ASCII85Decode' | 'FlateDecode';

export interface BombStream {
  /** MiB of zeros the stream inflates to, after a line of text. */
  zeroMib: number;
  /** The filter chain is `[/<wrappedIn> /FlateDecode]`: the zlib bytes are stored encoded once more. */
  wrappedIn?: OuterFilter;
}

/** Encoded by the PDF library itself, so that its own decoder reads exactly the bytes the scan must count. */
const encodedWith = (data: Uint8Array, filter: OuterFilter): Buffer =>
  Buffer.from(new PdfStream([['Filter', PdfName.of(filter)]], data).getEncodedData());

/** A one-page PDF whose content is the given Flate streams in order (`/Contents [5 0 R 6 0 R …]`). */
export const multiStreamPdf = (streams: BombStream[]): Uint8Array =>
  writePdf([
    { number: 1, dict: '<< /Type /Catalog /Pages 2 0 R >>' },
    { number: 2, dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      number: 3,
      dict: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents [${streams.map((_, i) => `${i + 5} 0 R`).join(' ')}] >>`,
    },
    { number: 4, dict: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
    ...streams.map(({ zeroMib, wrappedIn }, i) => {
      const zlib = zlibBomb(latin1(`BT /F1 12 Tf 72 ${700 - 14 * i} Td (Part ${i + 1}) Tj ET\n`), zeroMib);
      return {
        number: i + 5,
        dict: wrappedIn ? `/Filter [/${wrappedIn} /FlateDecode]` : '/Filter /FlateDecode',
        stream: wrappedIn ? encodedWith(zlib, wrappedIn) : zlib,
      };
    }),
  ]);
