/** What a JPEG's markers say about the image, read without decoding it. */
export interface JpegHeader {
  width: number;
  height: number;
  /** Samples per pixel: 1 (grey), 3 (colour) or 4 (CMYK). */
  components: number;
  /** Bits per sample: PDF's DCTDecode takes 8 only. */
  precision: number;
  /** Clockwise quarter turns that show the image upright, from its EXIF orientation (0 when it has none). */
  quarterTurns: 0 | 1 | 2 | 3;
}

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
/** Start-of-frame markers: C0–CF but for DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
/** Markers without a length: TEM and the restart markers. */
const standsAlone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

const EXIF = Buffer.from('Exif\0\0', 'latin1');
const ORIENTATION_TAG = 0x0112;
const SHORT = 3;
/** EXIF orientation → clockwise quarter turns; the mirrored ones (2, 4, 5, 7) keep their turn and lose the flip. */
const TURNS: Record<number, JpegHeader['quarterTurns']> = { 1: 0, 2: 0, 3: 2, 4: 2, 5: 1, 6: 1, 7: 3, 8: 3 };

/** The orientation in an APP1 EXIF segment's first IFD (TIFF 6.0 §2), bounds checked; 0 turns when it has none. */
const exifTurns = (segment: Uint8Array): JpegHeader['quarterTurns'] => {
  const data = Buffer.from(segment.buffer, segment.byteOffset, segment.byteLength);
  if (data.byteLength < EXIF.byteLength + 8 || !data.subarray(0, EXIF.byteLength).equals(EXIF)) return 0;
  const tiff = data.subarray(EXIF.byteLength);
  const order = tiff.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return 0;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.byteLength) return 0;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.byteLength) return 0;
    if (u16(entry) === ORIENTATION_TAG && u16(entry + 2) === SHORT) return TURNS[u16(entry + 8)] ?? 0;
  }
  return 0;
};

/**
 * Walks a JPEG's marker segments up to its scan data: the frame's size, components and precision,
 * and the EXIF orientation. A string says why the bytes are not a JPEG that can be placed on a page:
 * no frame, a segment running past the end, or no end-of-image marker after the scan (a file cut short).
 */
export const readJpegHeader = (bytes: Uint8Array): JpegHeader | string => {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return 'it does not start with a JPEG marker';
  let frame: Omit<JpegHeader, 'quarterTurns'> | undefined;
  let quarterTurns: JpegHeader['quarterTurns'] = 0;
  let offset = 2;
  for (;;) {
    if (offset + 4 > bytes.byteLength) return 'it ends before its image data';
    if (bytes[offset] !== 0xff) return `a marker is missing at byte ${offset}`;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      // Fill bytes before a marker.
      offset++;
      continue;
    }
    if (marker === EOI) return 'it ends before its image data';
    if (standsAlone(marker)) {
      offset += 2;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.byteLength) return `a segment at byte ${offset} runs past the end of the file`;
    const segment = bytes.subarray(offset + 4, end);
    if (marker === APP1) quarterTurns = exifTurns(segment);
    if (isStartOfFrame(marker)) {
      if (segment.byteLength < 6) return 'its frame header is cut short';
      frame = {
        precision: segment[0]!,
        height: (segment[1]! << 8) | segment[2]!,
        width: (segment[3]! << 8) | segment[4]!,
        components: segment[5]!,
      };
    }
    if (marker === SOS) {
      if (!frame) return 'it has image data but no frame header';
      const rest = Buffer.from(bytes.buffer, bytes.byteOffset + end, bytes.byteLength - end);
      if (rest.lastIndexOf(Buffer.from([0xff, EOI])) < 0) return 'it is cut short: its image data has no end-of-image marker';
      return { ...frame, quarterTurns };
    }
    offset = end;
  }
};
