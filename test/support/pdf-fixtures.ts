import { crc32, deflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';

export type FixtureRotation = 0 | 90 | 180 | 270;

export interface MakePdfOptions {
  /** Number of pages (default 1). */
  pages?: number;
  size?: 'a4' | 'letter';
  /** /Rotate of every page (default 0). */
  rotation?: FixtureRotation;
  /** Drawn on every page at `TEXT_POSITION`, in the page's unrotated user space. */
  text?: string;
}

/** Where `makePdf` draws its text: baseline start, PDF user space (bottom-left origin, unrotated page). */
export const TEXT_POSITION = { x: 72, y: 700 } as const;
export const TEXT_SIZE = 12;

export const PAGE_SIZES = { a4: { width: 595.28, height: 841.89 }, letter: { width: 612, height: 792 } } as const;

/** A plain, valid PDF built with @libpdf/core. */
export const makePdf = async (options: MakePdfOptions = {}): Promise<Uint8Array> => {
  const pdf = PDF.create();
  for (let index = 0; index < (options.pages ?? 1); index += 1) {
    const page = pdf.addPage({ size: options.size ?? 'letter', rotate: options.rotation ?? 0 });
    if (options.text) page.drawText(options.text, { ...TEXT_POSITION, size: TEXT_SIZE });
  }
  return pdf.save();
};

/** A PDF that needs the password "secret" to open. */
export const makeEncryptedPdf = async (): Promise<Uint8Array> => {
  const pdf = PDF.create();
  pdf.addPage({ size: 'letter' }).drawText('Confidential', { x: 72, y: 700 });
  pdf.setProtection({ userPassword: 'secret', ownerPassword: 'owner-secret' });
  return pdf.save();
};

/** Starts like a PDF but holds no parsable structure. */
export const makeCorruptPdf = (): Uint8Array =>
  new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\nthis is not a PDF body, no objects, no xref\n%%EOF\n');

/** A GIF: a file of a format no document is accepted in, neither as PDF nor converted to one. */
export const makeNotAPdf = (): Uint8Array => new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');

/**
 * A hand-written PDF whose page inherits its MediaBox and /Rotate from the page tree and has an offset
 * CropBox, as many producers write them.
 */
export const makePdfWithInheritedBoxes = (): Uint8Array => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 400 600] /Rotate 90 >>',
    '<< /Type /Page /Parent 2 0 R /CropBox [50 100 350 500] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = body.length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return new TextEncoder().encode(body);
};

const pngChunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
};

/** A width × height RGB PNG of one colour, standing in for a drawn signature. */
export const makePng = (width: number, height: number, rgb: [number, number, number] = [20, 40, 160]): Uint8Array => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] ?? 0)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
};
