import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a ZIP made in a test: its bytes, stored or deflated, and optionally a size it lies about. */
export interface ZipEntry {
  name: string;
  data: Uint8Array | string;
  /** Deflated by default; `store` keeps the bytes as they are (an ODT's `mimetype` must be stored). */
  method?: 'store' | 'deflate';
  /** The uncompressed size the headers declare, when it should not be the real one. */
  declaredSize?: number;
  /** The entry's compressed bytes as given (a zlib bomb's raw deflate stream), instead of compressing `data`. */
  compressed?: Uint8Array;
}

export interface ZipOptions {
  /** Central directory entries pointing at the first entry's data again (an overlapping-file bomb): how many. */
  repeatFirst?: number;
}

const u16 = (value: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value);
  return b;
};
const u32 = (value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value >>> 0);
  return b;
};

/**
 * A ZIP archive (PKWARE APPNOTE 6.3: local headers, central directory, end record), written by hand so
 * that tests can make the broken and hostile ones too: lying sizes, overlapping entries. DOCX and ODT
 * fixtures are built with it; nothing binary is checked in.
 */
export const makeZip = (entries: readonly ZipEntry[], options: ZipOptions = {}): Buffer => {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : Buffer.from(entry.data);
    const method = entry.method === 'store' ? 0 : 8;
    const body = entry.compressed ? Buffer.from(entry.compressed) : method === 0 ? data : deflateRawSync(data);
    const name = Buffer.from(entry.name, 'utf8');
    const size = entry.declaredSize ?? data.byteLength;
    const crc = crc32(data);
    // version, flags (bit 11: UTF-8 names), method, time, date, crc, sizes, name length, extra length
    const fields = [u16(20), u16(0x0800), u16(method), u16(0), u16(0x21), u32(crc), u32(body.byteLength), u32(size), u16(name.byteLength)];
    const local = Buffer.concat([u32(0x04034b50), ...fields, u16(0), name, body]);
    const header = Buffer.concat([u32(0x02014b50), u16(20), ...fields, u16(0), u16(0), u16(0), u16(0), u32(0), u32(offset), name]);
    locals.push(local);
    central.push(header);
    offset += local.byteLength;
  }
  for (let i = 0; i < (options.repeatFirst ?? 0); i++) central.push(central[0]!);
  const directory = Buffer.concat(central);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(central.length),
    u16(central.length),
    u32(directory.byteLength),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, directory, end]);
};
