import { constants, inflateRawSync, inflateSync } from 'node:zlib';
import { PdfTooComplexError } from './pdf-too-complex.js';

/**
 * How much a document's Flate streams may inflate to before it is refused (work a small input can make
 * huge is bounded). A legitimate document of 25 MB and 500 pages stays far below:
 * content streams, object streams, xref streams and fonts inflate to a few times their compressed
 * size, while zlib's best ratio (~1000:1) lets a 1 MB stream claim a gigabyte.
 */
export interface InflateBudget {
  /** Bytes one stream may inflate to. */
  perStream: number;
  /** Bytes all of a document's streams may inflate to together. */
  perDocument: number;
}

const MIB = 1024 * 1024;

export const DEFAULT_INFLATE_BUDGET: InflateBudget = { perStream: 64 * MIB, perDocument: 256 * MIB };

export interface InflateScan {
  /** The trailer (or an xref stream) names an /Encrypt dictionary. */
  encrypted: boolean;
  /** Bytes the counted streams inflate to. */
  inflatedBytes: number;
}

interface RawStream {
  number: number;
  dict: string;
  data: Uint8Array;
}

/**
 * Numbers start after a non-digit: without the lookbehind a long run of digits (a signature's hex
 * /Contents) would be retried from every position, quadratic in its length.
 */
const OBJECT_HEADER = /(?<!\d)(\d+)\s+\d+\s+obj\b/;
const STREAM_KEYWORD = /(?<!end)stream(\r\n|\n|\r)/;
const REFERENCE = /(?<!\d)(\d+)\s+\d+\s+R\b/g;

const tooComplex = (detail: string): PdfTooComplexError => new PdfTooComplexError(`The PDF document is too complex to process: ${detail}.`);

const filtersOf = (dict: string): string[] => {
  const match = /\/Filter\s*(\/[A-Za-z0-9]+|\[[^\]]*\])/.exec(dict);
  return match ? [...match[1]!.matchAll(/\/([A-Za-z0-9]+)/g)].map((m) => m[1]!) : [];
};

const asciiHexDecode = (data: Uint8Array): Uint8Array => {
  const hex = Buffer.from(data)
    .toString('latin1')
    .replace(/>.*$/s, '')
    .replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
};

const ascii85Decode = (data: Uint8Array): Uint8Array => {
  const text = Buffer.from(data).toString('latin1').replace(/~>.*$/s, '').replace(/\s+/g, '').replace(/^<~/, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    let value = 0;
    for (let i = 0; i < 5; i += 1) value = value * 85 + (group[i] ?? 84);
    for (let i = 0; i < count; i += 1) out.push((value >>> (24 - 8 * i)) & 0xff);
    group = [];
  };
  for (const character of text) {
    if (character === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else if (character >= '!' && character <= 'u') {
      group.push(character.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Uint8Array.from(out);
};

const ASCII_DECODERS = new Map<string, (data: Uint8Array) => Uint8Array>([
  ['ASCIIHexDecode', asciiHexDecode],
  ['AHx', asciiHexDecode],
  ['ASCII85Decode', ascii85Decode],
  ['A85', ascii85Decode],
]);

const isFlate = (name: string) => name === 'FlateDecode' || name === 'Fl';

/**
 * The part of a stream's filter chain the scan follows: from the start, ASCII encodings and Flate,
 * Flate as often as it is named (the library runs every stage, so a Flate stream wrapped in Flate
 * inflates twice). Any other filter ends it; a chain without Flate before that is left to the
 * worker's time and memory limits.
 */
const followedFilters = (dict: string): string[] => {
  const filters = filtersOf(dict);
  const end = filters.findIndex((name) => !isFlate(name) && !ASCII_DECODERS.has(name));
  const followed = end < 0 ? filters : filters.slice(0, end);
  return followed.some(isFlate) ? followed : [];
};

const isBufferTooLarge = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';

/**
 * Inflates with an output cap, as leniently as @libpdf/core does (truncated streams, a bad checksum),
 * so that a stream it would inflate cannot slip past the count by being malformed.
 */
const boundedInflate = (data: Uint8Array, maxOutputLength: number): Buffer | 'too-large' | undefined => {
  const options = { maxOutputLength, finishFlush: constants.Z_SYNC_FLUSH };
  for (const attempt of [() => inflateSync(data, options), () => inflateRawSync(data.subarray(2), options)]) {
    try {
      return attempt();
    } catch (error) {
      if (isBufferTooLarge(error)) return 'too-large';
    }
  }
  return undefined;
};

/**
 * The first match of `pattern` at or after a position that only grows: rescanning only once the
 * position passes the last match keeps a file of many objects linear.
 */
const forwardFinder = (text: string, pattern: RegExp) => {
  const regex = new RegExp(pattern.source, 'g');
  let found: RegExpExecArray | null | undefined;
  return (from: number): RegExpExecArray | null => {
    if (found === undefined || (found !== null && found.index < from)) {
      regex.lastIndex = from;
      found = regex.exec(text);
    }
    return found;
  };
};

/** Finds each indirect object of the file: stream objects with their raw data, other objects as text. */
const readObjects = (bytes: Uint8Array, text: string): { streams: RawStream[]; bodies: Map<number, string> } => {
  const streams: RawStream[] = [];
  const bodies = new Map<number, string>();
  const nextHeader = forwardFinder(text, OBJECT_HEADER);
  const nextKeyword = forwardFinder(text, STREAM_KEYWORD);
  const nextEndobj = forwardFinder(text, /endobj/);
  const nextEndstream = forwardFinder(text, /endstream/);
  for (let header = nextHeader(0); header;) {
    const number = Number(header[1]);
    const start = header.index + header[0].length;
    const following = nextHeader(start);
    const keyword = nextKeyword(start);
    if (!keyword || (following && following.index < keyword.index)) {
      const end = Math.min(nextEndobj(start)?.index ?? text.length, following?.index ?? text.length);
      bodies.set(number, text.slice(start, end));
      header = following;
      continue;
    }
    const dict = text.slice(start, keyword.index);
    const dataStart = keyword.index + keyword[0].length;
    const declared = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dict);
    const length = declared ? Number(declared[1]) : NaN;
    const dataEnd = dataStart + length <= bytes.length ? dataStart + length : (nextEndstream(dataStart)?.index ?? bytes.length);
    streams.push({ number, dict, data: bytes.subarray(dataStart, dataEnd) });
    header = nextHeader(dataEnd);
  }
  return { streams, bodies };
};

/** The objects an object stream holds (ISO 32000-2 §7.5.7): N pairs "number offset", then the objects from /First. */
const readObjectStream = (dict: string, inflated: Buffer, bodies: Map<number, string>): void => {
  const count = Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const first = Number(/\/First\s+(\d+)/.exec(dict)?.[1] ?? 0);
  const content = inflated.toString('latin1');
  const pairs = content.slice(0, first).trim().split(/\s+/).map(Number);
  for (let i = 0; i < count && 2 * i + 1 < pairs.length; i += 1) {
    const offset = first + pairs[2 * i + 1]!;
    const next = 2 * i + 3 < pairs.length ? first + pairs[2 * i + 3]! : content.length;
    bodies.set(pairs[2 * i]!, content.slice(offset, next));
  }
};

/** Objects a page's /Contents names, directly or through an array object. */
const contentStreamNumbers = (bodies: Map<number, string>): Set<number> => {
  const numbers = new Set<number>();
  const addReferences = (text: string) => {
    for (const ref of text.matchAll(REFERENCE)) numbers.add(Number(ref[1]));
  };
  for (const body of bodies.values()) {
    const nextClose = forwardFinder(body, /\]/);
    for (const entry of body.matchAll(/\/Contents\s*(?:(\d+\s+\d+\s+R)|\[)/g)) {
      const from = entry.index + entry[0].length;
      // An array that is never closed names nothing the library could read either.
      const listed = entry[1] ?? body.slice(from, nextClose(from)?.index ?? from);
      for (const ref of listed.matchAll(REFERENCE)) {
        const number = Number(ref[1]);
        numbers.add(number);
        const target = bodies.get(number)?.trim();
        if (target?.startsWith('[')) addReferences(target);
      }
    }
  }
  return numbers;
};

/** Each trailer up to the next `startxref` or trailer, so that no byte is searched twice. */
const trailerNamesEncrypt = (text: string): boolean => {
  const nextEnd = forwardFinder(text, /startxref|trailer/);
  for (const trailer of text.matchAll(/trailer/g)) {
    const from = trailer.index + trailer[0].length;
    if (/\/Encrypt\b/.test(text.slice(from, nextEnd(from)?.index ?? text.length))) return true;
  }
  return false;
};

const isEncrypted = (text: string, streams: RawStream[]): boolean =>
  trailerNamesEncrypt(text) || streams.some((s) => /\/Type\s*\/XRef\b/.test(s.dict) && /\/Encrypt\b/.test(s.dict));

/**
 * Reads the raw bytes of a PDF and inflates every Flate stream a parse, text search, stamp or seal
 * would inflate (object, xref, content and font streams, and forms) against the budget, before the
 * PDF library sees the file: the library inflates without a cap. Image data, which none of those
 * operations decodes, is skipped unless a page names it as content. Throws PDF_TOO_COMPLEX past the
 * budget.
 */
export const scanInflateBudget = (bytes: Uint8Array, budget: InflateBudget = DEFAULT_INFLATE_BUDGET): InflateScan => {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const { streams, bodies } = readObjects(bytes, text);
  let inflatedBytes = 0;
  /** Each Flate stage's output counts: the library holds every one of them. */
  const inflate = (data: Uint8Array): Buffer | undefined => {
    const cap = Math.min(budget.perStream, budget.perDocument - inflatedBytes);
    const output = boundedInflate(data, cap + 1);
    if (output === 'too-large' || (output && output.length > cap)) {
      throw tooComplex(
        cap < budget.perStream
          ? `its compressed streams inflate to more than ${budget.perDocument / MIB} MiB`
          : `one compressed stream inflates to more than ${budget.perStream / MIB} MiB`,
      );
    }
    if (output) inflatedBytes += output.length;
    return output;
  };
  const count = (stream: RawStream): void => {
    const filters = followedFilters(stream.dict);
    if (filters.length === 0) return;
    let data: Uint8Array = stream.data;
    for (const name of filters) {
      const decoded = isFlate(name) ? inflate(data) : ASCII_DECODERS.get(name)!(data);
      if (!decoded) return;
      data = decoded;
    }
    if (/\/Type\s*\/ObjStm\b/.test(stream.dict))
      readObjectStream(stream.dict, Buffer.from(data.buffer, data.byteOffset, data.byteLength), bodies);
  };
  const isImage = (stream: RawStream) => /\/Subtype\s*\/Image\b/.test(stream.dict);
  for (const stream of streams) if (!isImage(stream)) count(stream);
  const contents = contentStreamNumbers(bodies);
  for (const stream of streams) if (isImage(stream) && contents.has(stream.number)) count(stream);
  return { encrypted: isEncrypted(text, streams), inflatedBytes };
};
