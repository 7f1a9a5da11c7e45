import { crc32, deflateSync } from 'node:zlib';

/** PNGs made in the tests, the hostile ones included: nothing binary is checked in. */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export const pngChunk = (type: string, data: Uint8Array): Buffer => {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(12 + data.byteLength);
  out.writeUInt32BE(data.byteLength, 0);
  typeAndData.copy(out, 4);
  out.writeUInt32BE(crc32(typeAndData), 8 + data.byteLength);
  return out;
};

export interface PngSpec {
  width: number;
  height: number;
  colourType?: number;
  bitDepth?: number;
  interlaced?: boolean;
  /** The IDAT payload as is; by default the zlib stream of a plain image of the header's exact size. */
  idat?: Uint8Array;
  /** Chunks placed between IHDR and IDAT. */
  before?: Buffer[];
}

export const ihdr = ({ width, height, colourType = 6, bitDepth = 8, interlaced = false }: PngSpec): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([bitDepth, colourType, 0, 0, interlaced ? 1 : 0], 8);
  return pngChunk('IHDR', header);
};

/** Filtered scanlines (filter type 0) of a non-interlaced image, with a little pattern in the samples. */
export const scanlines = ({ width, height, colourType = 6, bitDepth = 8 }: PngSpec): Buffer => {
  const rowBytes = Math.ceil((width * (CHANNELS[colourType] ?? 4) * bitDepth) / 8);
  const rows = Buffer.alloc(height * (1 + rowBytes));
  for (let row = 0; row < height; row++) {
    for (let i = 1; i <= rowBytes; i++) rows[row * (1 + rowBytes) + i] = (row * 31 + i * 7) & 0xff;
  }
  return rows;
};

export const makeTestPng = (spec: PngSpec): Buffer =>
  Buffer.concat([
    SIGNATURE,
    ihdr(spec),
    ...(spec.before ?? []),
    pngChunk('IDAT', spec.idat ?? deflateSync(scanlines(spec))),
    pngChunk('IEND', new Uint8Array(0)),
  ]);

/** LSB-first bit packing, as DEFLATE (RFC 1951 §3.1.1) wants it. */
class BitWriter {
  private readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bits(value: number, count: number): void {
    for (let i = 0; i < count; i++) this.bit((value >> i) & 1);
  }

  /** Huffman codes go most significant bit first. */
  code(code: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) this.bit((code >> i) & 1);
  }

  zeroBits(count: number): void {
    for (; count > 0 && this.used !== 0; count--) this.bit(0);
    for (let i = 0; i < Math.floor(count / 8); i++) this.bytes.push(0);
    for (let i = 0; i < count % 8; i++) this.bit(0);
  }

  bytesSoFar(): Buffer {
    return Buffer.from(this.used ? [...this.bytes, this.current] : this.bytes);
  }

  private bit(bit: number): void {
    this.current |= bit << this.used;
    if (++this.used < 8) return;
    this.bytes.push(this.current);
    this.current = 0;
    this.used = 0;
  }
}

/**
 * A valid zlib stream of `1 + 258 × matches` zero bytes that is about `matches / 4` bytes long: one
 * dynamic-Huffman block where the literal 0 comes first and then every symbol is "length 258,
 * distance 1", coded on one bit each for the length and the distance, so the body is all zero bits.
 * Made in milliseconds, unlike compressing a gigabyte of zeros.
 */
export const zlibBomb = (inflatedBytes: number): Buffer => {
  const matches = Math.max(1, Math.floor((inflatedBytes - 1) / 258));
  const w = new BitWriter();
  w.bits(1, 1); // BFINAL
  w.bits(2, 2); // BTYPE = dynamic Huffman
  w.bits(286 - 257, 5); // HLIT: literal/length codes 0–285
  w.bits(0, 5); // HDIST: one distance code
  w.bits(18 - 4, 4); // HCLEN: code length codes up to "1" in the permuted order
  // Code length code lengths in RFC 1951 order 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1: 18→1, 2→2, 1→2.
  for (const length of [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2]) w.bits(length, 3);
  // Canonical codes of that alphabet: 18 = 0, 1 = 10, 2 = 11.
  const lengthTwo = () => w.code(0b11, 2);
  const lengthOne = () => w.code(0b10, 2);
  const zeros = (count: number) => {
    w.code(0, 1);
    w.bits(count - 11, 7);
  };
  // Literal/length lengths: 0→2, 1..255→0, 256→2, 257..284→0, 285→1; then the distance code 0→1.
  lengthTwo();
  zeros(138);
  zeros(117);
  lengthTwo();
  zeros(28);
  lengthOne();
  lengthOne();
  // Canonical literal/length codes: 285 = 0, 0 = 10, 256 = 11; distance 0 = 0.
  w.code(0b10, 2);
  w.zeroBits(2 * matches);
  w.code(0b11, 2);
  const total = 1 + 258 * matches;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65_521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0x01]), w.bytesSoFar(), adler]);
};

/** A 10×10 RGBA PNG whose image data inflates to `inflatedBytes` (the header allows 410). */
export const pngBomb = (inflatedBytes: number): Buffer => makeTestPng({ width: 10, height: 10, idat: zlibBomb(inflatedBytes) });
