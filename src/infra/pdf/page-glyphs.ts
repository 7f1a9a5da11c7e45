import { Matrix, PdfArray, PdfDict, PdfNumber, PdfStream, type PdfObject, type PDFPage } from '@libpdf/core';
import { readOperations, type Operand, type Operation } from './content-operations.js';

/**
 * The glyphs a page's content stream shows, each tied to the bytes that show it, in the order the
 * stream shows them (ISO 32000-2 §9.4: text state, text matrices, glyph positioning). Text inside
 * form XObjects is not read: documents converted from office formats draw their text in the page itself.
 */

/** What the page's font resources tell about a glyph: @libpdf/core's parsed font, as its own text extraction uses it. */
interface ExtractionFont {
  readonly subtype: string;
  readonly baseFontName: string;
  readonly descriptor: { ascent: number; descent: number; fontBBox: readonly number[] } | null;
  getWidth(code: number): number;
  toUnicode(code: number): string;
  getEmbeddedProgram?(): { ascent: number; descent: number; unitsPerEm: number } | null;
  getCIDFont?(): { getEmbeddedProgram(): { ascent: number; descent: number; unitsPerEm: number } | null };
}

/**
 * @libpdf/core 0.4 parses a page's fonts (widths, ToUnicode maps, encodings, Standard 14 metrics)
 * for its text extraction without exporting that parser; reading fonts by its page's own resolver
 * keeps one font reading for anchors and tags instead of a second, hand-written one. The unit tests
 * of text tags fail if a version of the library renames it.
 */
const fontResolver = (page: PDFPage): ((name: string) => ExtractionFont | null) =>
  (page as unknown as { createFontResolver(): (name: string) => ExtractionFont | null }).createFontResolver();

/** A text-showing operation (Tj, TJ, ' or "), with the font it shows with. */
export interface TextShowing {
  operation: Operation;
  fontSize: number;
}

export interface Glyph {
  /** Its Unicode text ('' when the font maps it to none). */
  text: string;
  /** Index of its operation in the page's showings. */
  showing: number;
  /** Index of its string among the operation's operands (Tj, ', ") or array items (TJ). */
  part: number;
  /** `[byteStart, byteEnd)` in that string: its character code. */
  byteStart: number;
  byteEnd: number;
  /** How far it moves the text position, in unscaled text space units (ISO 32000-2 §9.4.4: w0 × Tfs + Tc + Tw). */
  displacement: number;
  /** Glyph space in ems to user space (the text rendering matrix); the origin is on the baseline. */
  matrix: Matrix;
  /** Its advance width, ascent and descent, in ems. */
  width: number;
  ascent: number;
  descent: number;
}

export interface PageGlyphs {
  content: Uint8Array;
  showings: TextShowing[];
  glyphs: Glyph[];
}

/** AFM ascender and descender of the Standard 14 families (their dictionaries carry no metrics). */
const STANDARD_14_METRICS: readonly [RegExp, number, number][] = [
  [/^(Helvetica|Arial)/, 718, -207],
  [/^Times/, 683, -217],
  [/^Courier/, 629, -157],
];
/** What @libpdf/core assumes for a font that says nothing: 0.8 em up, 0.2 em down. */
const DEFAULT_METRICS = { ascent: 800, descent: -200 };

const metricsCache = new WeakMap<ExtractionFont, { ascent: number; descent: number }>();

/**
 * A font's ascent and descent in thousandths of an em: its descriptor's, else (LibreOffice writes
 * zeros there) its embedded program's, else the Standard 14 metrics, else its bounding box.
 */
const verticalMetrics = (font: ExtractionFont): { ascent: number; descent: number } => {
  const known = metricsCache.get(font);
  if (known) return known;
  const metrics = readVerticalMetrics(font);
  metricsCache.set(font, metrics);
  return metrics;
};

const readVerticalMetrics = (font: ExtractionFont): { ascent: number; descent: number } => {
  const descriptor = font.descriptor;
  if (descriptor && (descriptor.ascent !== 0 || descriptor.descent !== 0))
    return { ascent: descriptor.ascent, descent: descriptor.descent };
  try {
    const program = font.getEmbeddedProgram?.() ?? font.getCIDFont?.().getEmbeddedProgram() ?? null;
    if (program && program.unitsPerEm > 0 && program.ascent > 0) {
      return { ascent: (program.ascent * 1000) / program.unitsPerEm, descent: (program.descent * 1000) / program.unitsPerEm };
    }
  } catch {
    // A font program that cannot be read leaves the other sources.
  }
  const standard = STANDARD_14_METRICS.find(([name]) => name.test(font.baseFontName));
  if (standard) return { ascent: standard[1], descent: standard[2] };
  const box = descriptor?.fontBBox;
  if (box && box.length === 4 && box[3]! > box[1]!) return { ascent: box[3]!, descent: box[1]! };
  return DEFAULT_METRICS;
};

export type Resolve = (value: PdfObject | undefined) => PdfObject | undefined;

/** The page's content streams as one byte sequence, as viewers read them (ISO 32000-2 §7.8.2). */
const contentBytes = (page: PDFPage, resolve: Resolve): Uint8Array => {
  const contents = resolve(page.dict.get('Contents'));
  const streams = contents instanceof PdfArray ? contents.toArray().map(resolve) : [contents];
  const chunks = streams.flatMap((stream) => {
    if (!(stream instanceof PdfStream)) return [];
    try {
      return [stream.getDecodedData(), Uint8Array.of(0x0a)];
    } catch {
      // A stream no filter can decode shows nothing in a viewer either.
      return [];
    }
  });
  return Buffer.concat(chunks);
};

/** PDF spec: page attributes that a Page may inherit from its ancestors in the page tree. */
const MAX_TREE_DEPTH = 64;

/** The page's font dictionary of that resource name, its own or inherited from the page tree. */
const fontDictionary = (page: PDFPage, resolve: Resolve, name: string): PdfDict | undefined => {
  let node: PdfObject | undefined = page.dict;
  for (let depth = 0; node instanceof PdfDict && depth < MAX_TREE_DEPTH; depth += 1) {
    const resources = resolve(node.get('Resources'));
    if (resources instanceof PdfDict) {
      const fonts = resolve(resources.get('Font'));
      const font = fonts instanceof PdfDict ? resolve(fonts.get(name)) : undefined;
      return font instanceof PdfDict ? font : undefined;
    }
    node = resolve(node.get('Parent'));
  }
  return undefined;
};

/**
 * How a font's widths scale to ems: thousandths, except for Type 3 fonts, whose widths are in their
 * own glyph space, which their /FontMatrix maps to text space (and which the library does not read).
 */
const widthScale = (font: ExtractionFont | null, dictionary: () => PdfDict | undefined): number => {
  if (font?.subtype !== 'Type3') return 1 / 1000;
  const matrix = dictionary()?.get('FontMatrix');
  const scale = matrix instanceof PdfArray ? matrix.at(0) : undefined;
  return scale instanceof PdfNumber && Number.isFinite(scale.value) ? scale.value : 1 / 1000;
};

/** The graphics state's part that text showing reads; q/Q save and restore it. */
interface TextGraphicsState {
  ctm: Matrix;
  font: ExtractionFont | null;
  /** Ems per unit of the font's widths (widthScale). */
  widthScale: number;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  horizontalScale: number;
  leading: number;
  rise: number;
}

/** Deeper q nesting than this is ignored (its matching Q too): viewers bound it as well, and memory stays bounded. */
const MAX_STATE_DEPTH = 4096;

/** The operands a text-showing operation shows, in order: its string, or the strings and numbers of TJ's array. */
export const shownParts = (operation: Operation): readonly Operand[] => {
  const { operator, operands } = operation;
  if (operator === 'TJ') return operands[0]?.kind === 'array' ? operands[0].items : [];
  return operator === '"' ? operands.slice(2, 3) : operands.slice(0, 1);
};

const numberAt = (operands: readonly Operand[], index: number): number => {
  const operand = operands[index];
  return operand?.kind === 'number' ? operand.value : 0;
};

const numbersOf = (operands: readonly Operand[], count: number): number[] =>
  operands.length >= count ? operands.slice(-count).map((_, i) => numberAt(operands, operands.length - count + i)) : [];

/** Reads a page's content, keeping every glyph it shows. */
export const readPageGlyphs = (page: PDFPage, resolve: Resolve): PageGlyphs => {
  const content = contentBytes(page, resolve);
  const fonts = fontResolver(page);
  const showings: TextShowing[] = [];
  const glyphs: Glyph[] = [];
  let state: TextGraphicsState = {
    ctm: Matrix.identity(),
    font: null,
    widthScale: 1 / 1000,
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    horizontalScale: 100,
    leading: 0,
    rise: 0,
  };
  const saved: TextGraphicsState[] = [];
  let ignoredSaves = 0;
  let textMatrix = Matrix.identity();
  let lineMatrix = Matrix.identity();

  const moveLine = (tx: number, ty: number): void => {
    lineMatrix = lineMatrix.translate(tx, ty);
    textMatrix = lineMatrix;
  };

  const show = (bytes: Uint8Array, showing: number, part: number): void => {
    const { font, fontSize, charSpacing, wordSpacing, rise } = state;
    if (!font) return;
    const scale = state.horizontalScale / 100;
    const { ascent, descent } = verticalMetrics(font);
    const codeLength = font.subtype === 'Type0' ? 2 : 1;
    for (let at = 0; at < bytes.length; at += codeLength) {
      const end = Math.min(bytes.length, at + codeLength);
      const code = end - at === 2 ? (bytes[at]! << 8) | bytes[at + 1]! : bytes[at]!;
      const width = font.getWidth(code);
      const w0 = Number.isFinite(width) ? width * state.widthScale : 0;
      // Word spacing applies to the single-byte code 32 only, whatever it maps to.
      const wordSpace = end - at === 1 && code === 32 ? wordSpacing : 0;
      const matrix = new Matrix(fontSize * scale, 0, 0, fontSize, 0, rise).multiply(textMatrix).multiply(state.ctm);
      const displacement = w0 * fontSize + charSpacing + wordSpace;
      glyphs.push({
        text: font.toUnicode(code) ?? '',
        showing,
        part,
        byteStart: at,
        byteEnd: end,
        displacement,
        matrix,
        width: w0,
        ascent: ascent / 1000,
        descent: descent / 1000,
      });
      textMatrix = textMatrix.translate(displacement * scale, 0);
    }
  };

  const showOperation = (operation: Operation): void => {
    const showing = showings.push({ operation, fontSize: state.fontSize }) - 1;
    shownParts(operation).forEach((operand, part) => {
      if (operand.kind === 'string') show(operand.bytes, showing, part);
      else if (operand.kind === 'number')
        textMatrix = textMatrix.translate(((-operand.value / 1000) * state.fontSize * state.horizontalScale) / 100, 0);
    });
  };

  for (const operation of readOperations(content)) {
    const { operator, operands } = operation;
    switch (operator) {
      case 'q':
        if (saved.length < MAX_STATE_DEPTH) saved.push({ ...state });
        else ignoredSaves += 1;
        break;
      case 'Q':
        if (ignoredSaves > 0) ignoredSaves -= 1;
        else state = saved.pop() ?? state;
        break;
      case 'cm': {
        const m = numbersOf(operands, 6);
        if (m.length === 6) state = { ...state, ctm: new Matrix(m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!).multiply(state.ctm) };
        break;
      }
      case 'BT':
        textMatrix = Matrix.identity();
        lineMatrix = Matrix.identity();
        break;
      case 'Tc':
        state = { ...state, charSpacing: numberAt(operands, 0) };
        break;
      case 'Tw':
        state = { ...state, wordSpacing: numberAt(operands, 0) };
        break;
      case 'Tz':
        state = { ...state, horizontalScale: numberAt(operands, 0) };
        break;
      case 'TL':
        state = { ...state, leading: numberAt(operands, 0) };
        break;
      case 'Ts':
        state = { ...state, rise: numberAt(operands, 0) };
        break;
      case 'Tf': {
        const name = operands[0]?.kind === 'name' ? operands[0].value : undefined;
        const font = name === undefined ? null : fonts(name);
        state = {
          ...state,
          font,
          widthScale: widthScale(font, () => (name === undefined ? undefined : fontDictionary(page, resolve, name))),
          fontSize: numberAt(operands, 1),
        };
        break;
      }
      case 'Td':
        moveLine(numberAt(operands, 0), numberAt(operands, 1));
        break;
      case 'TD':
        state = { ...state, leading: -numberAt(operands, 1) };
        moveLine(numberAt(operands, 0), numberAt(operands, 1));
        break;
      case 'Tm': {
        const m = numbersOf(operands, 6);
        if (m.length === 6) {
          lineMatrix = new Matrix(m[0]!, m[1]!, m[2]!, m[3]!, m[4]!, m[5]!);
          textMatrix = lineMatrix;
        }
        break;
      }
      case 'T*':
        moveLine(0, -state.leading);
        break;
      case 'Tj':
      case 'TJ':
        showOperation(operation);
        break;
      case "'":
        moveLine(0, -state.leading);
        showOperation(operation);
        break;
      case '"':
        state = { ...state, wordSpacing: numberAt(operands, 0), charSpacing: numberAt(operands, 1) };
        moveLine(0, -state.leading);
        showOperation(operation);
        break;
    }
  }
  return { content, showings, glyphs };
};
