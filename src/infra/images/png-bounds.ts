import { constants as bufferConstants } from 'node:buffer';
import { crc32, inflateSync } from 'node:zlib';

/** What a PNG's IHDR chunk says about the image, read without decoding anything. */
export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

/** A PNG whose pixel data was inflated under its budget, rebuilt from the chunks that draw it. */
export type BoundedPng = { kind: 'ok'; png: Uint8Array } | { kind: 'too-large'; reason: string } | { kind: 'invalid'; reason: string };

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IHDR_LENGTH = 13;
const CHUNK_OVERHEAD = 12;

/** Samples per pixel and the bit depths the PNG specification (§11.2.2) allows, by colour type. */
const COLOUR_TYPES: ReadonlyMap<number, { channels: number; bitDepths: readonly number[] }> = new Map([
  [0, { channels: 1, bitDepths: [1, 2, 4, 8, 16] }],
  [2, { channels: 3, bitDepths: [8, 16] }],
  [3, { channels: 1, bitDepths: [1, 2, 4, 8] }],
  [4, { channels: 2, bitDepths: [8, 16] }],
  [6, { channels: 4, bitDepths: [8, 16] }],
]);

/** The chunks that draw the image; every ancillary chunk else (compressed text and ICC profiles included) is dropped. */
const KEPT_BEFORE_DATA = new Set(['IHDR', 'PLTE', 'tRNS']);

/** Adam7 passes: x start, y start, x step, y step (PNG §8.2). */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

const startsWithSignature = (bytes: Uint8Array): boolean => SIGNATURE.every((byte, i) => bytes[i] === byte);

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The IHDR of a PNG (it must be the first chunk), or undefined when the bytes are not a PNG this reader accepts. */
export const readPngHeader = (bytes: Uint8Array): PngHeader | undefined => {
  if (bytes.byteLength < SIGNATURE.length + CHUNK_OVERHEAD + IHDR_LENGTH || !startsWithSignature(bytes)) return undefined;
  const data = view(bytes);
  const type = Buffer.from(bytes.subarray(12, 16)).toString('latin1');
  if (data.getUint32(8) !== IHDR_LENGTH || type !== 'IHDR') return undefined;
  const header: PngHeader = {
    width: data.getUint32(16),
    height: data.getUint32(20),
    bitDepth: data.getUint8(24),
    colourType: data.getUint8(25),
    interlaced: data.getUint8(28) === 1,
  };
  const compression = data.getUint8(26);
  const filter = data.getUint8(27);
  const interlace = data.getUint8(28);
  const colour = COLOUR_TYPES.get(header.colourType);
  if (!colour?.bitDepths.includes(header.bitDepth) || compression !== 0 || filter !== 0 || interlace > 1) return undefined;
  if (header.width === 0 || header.height === 0) return undefined;
  return header;
};

const rowBytes = (width: number, header: PngHeader): number =>
  Math.ceil((width * (COLOUR_TYPES.get(header.colourType)?.channels ?? 4) * header.bitDepth) / 8);

/** Bytes of filtered scanlines for one pass (each row has its filter-type byte); an empty pass has none. */
const passBytes = (width: number, height: number, header: PngHeader): number =>
  width === 0 || height === 0 ? 0 : height * (1 + rowBytes(width, header));

/** Width and height of each pass: one for a plain image, seven (some possibly empty) for Adam7. */
const passes = (header: PngHeader): { width: number; height: number }[] =>
  header.interlaced
    ? ADAM7.map(([x0, y0, dx, dy]) => ({
        width: Math.max(0, Math.ceil((header.width - x0) / dx)),
        height: Math.max(0, Math.ceil((header.height - y0) / dy)),
      }))
    : [{ width: header.width, height: header.height }];

/** Exactly how many bytes the image data inflates to, by the header alone (PNG §7.2, §8.2). */
export const inflatedByteLength = (header: PngHeader): number =>
  passes(header).reduce((sum, pass) => sum + passBytes(pass.width, pass.height, header), 0);

/** Every scanline starts with a filter type 0–4 (PNG §9.2); a decoder meeting another fails. */
const filterTypesValid = (inflated: Uint8Array, header: PngHeader): boolean => {
  let offset = 0;
  for (const pass of passes(header)) {
    if (pass.width === 0 || pass.height === 0) continue;
    const stride = 1 + rowBytes(pass.width, header);
    for (let row = 0; row < pass.height; row++, offset += stride) if ((inflated[offset] ?? 0xff) > 4) return false;
  }
  return true;
};

/** The chunks kept, in their order, and the image data's pieces. */
interface Chunks {
  kept: { type: string; data: Uint8Array }[];
  imageData: Uint8Array[];
}

/** PLTE holds 1–256 RGB entries; tRNS fits the colour type (PNG §11.2.3, §11.3.2.1). */
const ancillaryProblem = (kept: Chunks['kept'], header: PngHeader): string | undefined => {
  const palette = kept.find((c) => c.type === 'PLTE');
  const transparency = kept.find((c) => c.type === 'tRNS');
  if (header.colourType === 3 && !palette) return 'a palette image needs PLTE';
  if (palette && (palette.data.byteLength === 0 || palette.data.byteLength % 3 !== 0 || palette.data.byteLength > 768)) {
    return 'the PLTE chunk is not a list of RGB entries';
  }
  if (!transparency) return undefined;
  const expected = { 0: 2, 2: 6 }[header.colourType as 0 | 2];
  const fits =
    header.colourType === 3
      ? transparency.data.byteLength <= (palette?.data.byteLength ?? 0) / 3
      : transparency.data.byteLength === expected;
  return fits ? undefined : 'the tRNS chunk does not fit the colour type';
};

/** A chunk as written: length, type, data and the CRC of type and data. */
const chunk = (type: string, data: Uint8Array): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(CHUNK_OVERHEAD + data.byteLength);
  out.writeUInt32BE(data.byteLength, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), 8 + data.byteLength);
  return out;
};

/** Walks the chunks up to IEND, checking each length and CRC; a string is why the layout is not sound. */
const readChunks = (bytes: Uint8Array): Chunks | string => {
  const data = view(bytes);
  const chunks: Chunks = { kept: [], imageData: [] };
  let offset = SIGNATURE.length;
  for (;;) {
    if (offset + CHUNK_OVERHEAD > bytes.byteLength) return 'the image ends before its IEND chunk';
    const length = data.getUint32(offset);
    if (length > bytes.byteLength - offset - CHUNK_OVERHEAD) return 'a chunk runs past the end of the image';
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    const type = Buffer.from(typeAndData.subarray(0, 4)).toString('latin1');
    if (crc32(typeAndData) !== data.getUint32(offset + 8 + length)) return `the ${type} chunk's CRC does not match`;
    const body = typeAndData.subarray(4);
    if (type === 'IEND') return chunks;
    if (type === 'IDAT') chunks.imageData.push(body);
    else if (KEPT_BEFORE_DATA.has(type)) {
      if (chunks.kept.some((c) => c.type === type)) return `more than one ${type} chunk`;
      chunks.kept.push({ type, data: body });
    }
    // PNG §5.4: a decoder must refuse an unknown critical chunk (upper-case first letter).
    else if (/^[A-Z]/.test(type)) return `unknown critical chunk ${JSON.stringify(type)}`;
    offset += CHUNK_OVERHEAD + length;
  }
};

/**
 * Inflates the image data with an output budget of exactly what the header implies, so a few
 * kilobytes that would inflate to gigabytes stop at the budget; then rebuilds the PNG from the
 * chunks that draw it (IHDR, PLTE, tRNS, the checked image data, IEND). Read the header first
 * and refuse dimensions beyond your limits before calling this: the budget is as large as they are.
 */
export const boundedPng = (bytes: Uint8Array, header: PngHeader): BoundedPng => {
  const budget = inflatedByteLength(header);
  if (budget > bufferConstants.MAX_LENGTH) return { kind: 'too-large', reason: 'the image is larger than a buffer can hold' };
  const chunks = readChunks(bytes);
  if (typeof chunks === 'string') return { kind: 'invalid', reason: chunks };
  if (chunks.imageData.length === 0) return { kind: 'invalid', reason: 'the image has no IDAT chunk' };
  const ancillary = ancillaryProblem(chunks.kept, header);
  if (ancillary) return { kind: 'invalid', reason: ancillary };
  const compressed = Buffer.concat(chunks.imageData);
  let inflated: Buffer;
  try {
    inflated = inflateSync(compressed, { maxOutputLength: budget });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      return { kind: 'too-large', reason: `the image data inflates past the ${budget} bytes its header allows` };
    }
    return { kind: 'invalid', reason: 'the image data is not a valid zlib stream' };
  }
  if (inflated.byteLength !== budget) return { kind: 'invalid', reason: 'the image data is shorter than its header says' };
  if (!filterTypesValid(inflated, header)) return { kind: 'invalid', reason: 'a scanline has an unknown filter type' };
  const png = Buffer.concat([
    SIGNATURE,
    ...chunks.kept.map((c) => chunk(c.type, c.data)),
    chunk('IDAT', compressed),
    chunk('IEND', new Uint8Array(0)),
  ]);
  return { kind: 'ok', png: new Uint8Array(png.buffer, png.byteOffset, png.byteLength) };
};
