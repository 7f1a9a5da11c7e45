/**
 * A page's content stream read as operations (ISO 32000-2 §7.8.2), each with where it lies in the
 * bytes, so that a caller can replace one operation and leave every other byte as it was.
 * @libpdf/core reads content streams too, but keeps neither positions nor a public parser.
 */

export type Operand =
  | { kind: 'number'; value: number }
  | { kind: 'string'; bytes: Uint8Array }
  | { kind: 'name'; value: string }
  | { kind: 'array'; items: Operand[] }
  /** A dictionary, a boolean, null, or a stray delimiter: nothing text operators read. */
  | { kind: 'other' };

export interface Operation {
  operator: string;
  operands: Operand[];
  /** `[start, end)` in the content bytes: from the first operand to the end of the operator. */
  start: number;
  end: number;
}

/** Arrays and dictionaries nested deeper than this are not read into: no text operator nests them, and recursion stays bounded. */
const MAX_NESTING = 32;

const isWhitespace = (byte: number): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;
const DELIMITERS = new Set([...'()<>[]{}/%'].map((char) => char.charCodeAt(0)));
const isRegular = (byte: number): boolean => !isWhitespace(byte) && !DELIMITERS.has(byte);

const latin1 = (bytes: Uint8Array, start: number, end: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start).toString('latin1');

type Token = { kind: 'operand'; operand: Operand; start: number } | { kind: 'keyword'; value: string; start: number; end: number };

const HEX_VALUE = (byte: number): number => {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
};

const ESCAPES: Readonly<Record<number, number>> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };

class ContentReader {
  position = 0;

  constructor(private readonly bytes: Uint8Array) {}

  private skipWhitespaceAndComments(): void {
    const { bytes } = this;
    while (this.position < bytes.length) {
      const byte = bytes[this.position]!;
      if (isWhitespace(byte)) this.position += 1;
      else if (byte === 0x25) {
        while (this.position < bytes.length && bytes[this.position] !== 0x0a && bytes[this.position] !== 0x0d) this.position += 1;
      } else return;
    }
  }

  private readLiteralString(): Operand {
    const { bytes } = this;
    const out: number[] = [];
    let depth = 1;
    this.position += 1;
    while (this.position < bytes.length) {
      const byte = bytes[this.position++]!;
      if (byte === 0x5c) {
        const next = bytes[this.position++];
        if (next === undefined) break;
        if (ESCAPES[next] !== undefined) out.push(ESCAPES[next]);
        else if (next >= 0x30 && next <= 0x37) {
          let value = next - 0x30;
          for (let digits = 1; digits < 3 && bytes[this.position]! >= 0x30 && bytes[this.position]! <= 0x37; digits += 1) {
            value = value * 8 + bytes[this.position++]! - 0x30;
          }
          out.push(value & 0xff);
        } else if (next === 0x0d) {
          if (bytes[this.position] === 0x0a) this.position += 1;
        } else if (next !== 0x0a) out.push(next);
      } else if (byte === 0x28) {
        depth += 1;
        out.push(byte);
      } else if (byte === 0x29) {
        depth -= 1;
        if (depth === 0) break;
        out.push(byte);
      } else if (byte === 0x0d) {
        // An end of line inside a string reads as one line feed, whatever its bytes.
        if (bytes[this.position] === 0x0a) this.position += 1;
        out.push(0x0a);
      } else out.push(byte);
    }
    return { kind: 'string', bytes: Uint8Array.from(out) };
  }

  private readHexString(): Operand {
    const { bytes } = this;
    const out: number[] = [];
    let high = -1;
    this.position += 1;
    while (this.position < bytes.length) {
      const byte = bytes[this.position++]!;
      if (byte === 0x3e) break;
      const value = HEX_VALUE(byte);
      if (value < 0) continue;
      if (high < 0) high = value;
      else {
        out.push(high * 16 + value);
        high = -1;
      }
    }
    if (high >= 0) out.push(high * 16);
    return { kind: 'string', bytes: Uint8Array.from(out) };
  }

  private readName(): Operand {
    const { bytes } = this;
    const start = ++this.position;
    while (this.position < bytes.length && isRegular(bytes[this.position]!)) this.position += 1;
    const raw = latin1(bytes, start, this.position);
    return { kind: 'name', value: raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) };
  }

  /** The next token, or undefined at the end; closing brackets come back as keywords for the caller to match. */
  next(depth = 0): Token | undefined {
    this.skipWhitespaceAndComments();
    const { bytes } = this;
    if (this.position >= bytes.length) return undefined;
    const start = this.position;
    const byte = bytes[start]!;
    switch (byte) {
      case 0x28:
        return { kind: 'operand', operand: this.readLiteralString(), start };
      case 0x2f:
        return { kind: 'operand', operand: this.readName(), start };
      case 0x3c:
        if (bytes[start + 1] === 0x3c) {
          this.position += 2;
          if (depth < MAX_NESTING) this.readUntil('>>', depth);
          return { kind: 'operand', operand: { kind: 'other' }, start };
        }
        return { kind: 'operand', operand: this.readHexString(), start };
      case 0x5b: {
        this.position += 1;
        if (depth >= MAX_NESTING) return { kind: 'operand', operand: { kind: 'other' }, start };
        return { kind: 'operand', operand: { kind: 'array', items: this.readUntil(']', depth) }, start };
      }
      case 0x5d:
        this.position += 1;
        return { kind: 'keyword', value: ']', start, end: this.position };
      case 0x3e:
        this.position += bytes[start + 1] === 0x3e ? 2 : 1;
        return { kind: 'keyword', value: bytes[start + 1] === 0x3e ? '>>' : '>', start, end: this.position };
      case 0x29:
      case 0x7b:
      case 0x7d:
        this.position += 1;
        return { kind: 'operand', operand: { kind: 'other' }, start };
      default: {
        while (this.position < bytes.length && isRegular(bytes[this.position]!)) this.position += 1;
        const word = latin1(bytes, start, this.position);
        if (/^[+-]*\d*\.?\d*$/.test(word)) {
          const value = Number(word.replace(/^[+-]*([+-])/, '$1'));
          return { kind: 'operand', operand: { kind: 'number', value: Number.isFinite(value) ? value : 0 }, start };
        }
        if (word === 'true' || word === 'false' || word === 'null') return { kind: 'operand', operand: { kind: 'other' }, start };
        return { kind: 'keyword', value: word, start, end: this.position };
      }
    }
  }

  /** The operands up to a closing `]` or `>>` (keywords inside are dropped: they are malformed content). */
  private readUntil(close: ']' | '>>', depth: number): Operand[] {
    const items: Operand[] = [];
    for (;;) {
      const token = this.next(depth + 1);
      if (!token) return items;
      if (token.kind === 'keyword') {
        if (token.value === close) return items;
        continue;
      }
      items.push(token.operand);
    }
  }

  /**
   * Skips an inline image's data after `ID`: up to an `EI` between whitespace that text follows,
   * since binary data may hold the letters E and I itself. The data's declared length wins.
   */
  skipInlineImage(declaredLength: number | undefined): void {
    const { bytes } = this;
    const dataStart = this.position + 1;
    if (declaredLength !== undefined && declaredLength >= 0) {
      const end = dataStart + declaredLength;
      this.position = Math.min(bytes.length, end);
      this.skipWhitespaceAndComments();
      if (bytes[this.position] === 0x45 && bytes[this.position + 1] === 0x49) {
        this.position += 2;
        return;
      }
      this.position = dataStart;
    }
    for (let i = dataStart; i + 1 < bytes.length; i += 1) {
      if (bytes[i] !== 0x45 || bytes[i + 1] !== 0x49) continue;
      if (i > dataStart && !isWhitespace(bytes[i - 1]!)) continue;
      const after = i + 2;
      if (after < bytes.length && !isWhitespace(bytes[after]!)) continue;
      if (!this.looksLikeContent(after)) continue;
      this.position = after;
      return;
    }
    this.position = bytes.length;
  }

  private looksLikeContent(from: number): boolean {
    const window = this.bytes.subarray(from, from + 64);
    return window.every((byte) => byte === 0x0a || byte === 0x0d || byte === 0x09 || (byte >= 0x20 && byte < 0x7f));
  }
}

const inlineImageLength = (operands: readonly Operand[]): number | undefined => {
  for (let i = 0; i + 1 < operands.length; i += 2) {
    const key = operands[i]!;
    const value = operands[i + 1]!;
    if (key.kind === 'name' && (key.value === 'L' || key.value === 'Length') && value.kind === 'number') return value.value;
  }
  return undefined;
};

/** Every operation of a content stream, in order; malformed content reads as what a lenient viewer makes of it. */
export function* readOperations(bytes: Uint8Array): Generator<Operation> {
  const reader = new ContentReader(bytes);
  let operands: Operand[] = [];
  let start = -1;
  for (;;) {
    const token = reader.next();
    if (!token) return;
    if (start < 0) start = token.start;
    if (token.kind === 'operand') {
      operands.push(token.operand);
      continue;
    }
    if (token.value === 'BI') {
      const parameters: Operand[] = [];
      for (let parameter = reader.next(); parameter; parameter = reader.next()) {
        if (parameter.kind === 'keyword' && parameter.value === 'ID') break;
        if (parameter.kind === 'operand') parameters.push(parameter.operand);
      }
      reader.skipInlineImage(inlineImageLength(parameters));
      yield { operator: 'BI', operands: [], start, end: reader.position };
    } else {
      yield { operator: token.value, operands, start, end: token.end };
    }
    operands = [];
    start = -1;
  }
}
