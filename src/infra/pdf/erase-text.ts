import type { Operand, Operation } from './content-operations.js';
import { shownParts, type Glyph, type PageGlyphs } from './page-glyphs.js';

/**
 * Removes glyphs from a page's content the way redaction does: each text-showing operation that
 * shows one is rewritten as a TJ whose array keeps the other glyphs' codes and puts, where the
 * removed ones were, the number that moves the text position by as much as they did — so the
 * rest of the line stays where it was, and the removed text is gone from the file (no viewer,
 * copy or text extraction finds it), not merely painted over. Every other byte stays as it was.
 */

const groupBy = <T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> => {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
};

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (char) => char.charCodeAt(0));

const hex = (bytes: Uint8Array): string => `<${Buffer.from(bytes).toString('hex')}>`;

/** A TJ number with no exponent (content streams have none) and no more digits than any viewer can use. */
const formatNumber = (value: number): string => {
  const rounded = Math.round(value * 10_000) / 10_000;
  return Object.is(rounded, -0) ? '0' : rounded.toFixed(4).replace(/\.?0+$/, '');
};

const operandText = (operand: Operand): string => {
  switch (operand.kind) {
    case 'number':
      return formatNumber(operand.value);
    case 'string':
      return hex(operand.bytes);
    default:
      return '';
  }
};

const numberOperand = (operand: Operand | undefined): string => formatNumber(operand?.kind === 'number' ? operand.value : 0);

/** What ' and " do before showing their string, as the operators a TJ needs in front of it. */
const movesFirst = ({ operator, operands }: Operation): string => {
  if (operator === "'") return 'T* ';
  if (operator === '"') return `${numberOperand(operands[0])} Tw ${numberOperand(operands[1])} Tc T* `;
  return '';
};

/** Kept codes (a stretch of the string's bytes), or removed glyphs' displacement as a TJ number. */
type Piece = { kind: 'bytes'; start: number; end: number } | { kind: 'shift'; value: number };

/** A string's kept codes and, for each removed stretch, the TJ number worth its displacement. */
const stringPieces = (glyphs: readonly Glyph[], erased: ReadonlySet<Glyph>, fontSize: number): Piece[] => {
  const pieces: Piece[] = [];
  for (const glyph of glyphs) {
    const last = pieces.at(-1);
    if (erased.has(glyph)) {
      // At size 0 a glyph has no size: only character spacing moves the text, and a TJ number cannot say so.
      const value = fontSize === 0 ? 0 : (-glyph.displacement * 1000) / fontSize;
      if (last?.kind === 'shift') last.value += value;
      else pieces.push({ kind: 'shift', value });
    } else if (last?.kind === 'bytes') last.end = glyph.byteEnd;
    else pieces.push({ kind: 'bytes', start: glyph.byteStart, end: glyph.byteEnd });
  }
  return pieces;
};

/** The operation rewritten without the erased glyphs, with what it did besides showing them (' and " move to the next line first). */
const rewrite = (glyphs: PageGlyphs, showing: number, erased: ReadonlySet<Glyph>, own: readonly Glyph[]): string => {
  const { operation, fontSize } = glyphs.showings[showing]!;
  const byPart = groupBy(own, (glyph) => glyph.part);
  const items = shownParts(operation).flatMap((operand, part): string[] => {
    if (operand.kind !== 'string') return [operandText(operand)].filter(Boolean);
    const partGlyphs = byPart.get(part);
    if (!partGlyphs) return [hex(operand.bytes)];
    return stringPieces(partGlyphs, erased, fontSize).flatMap((piece) => {
      if (piece.kind === 'bytes') return [hex(operand.bytes.subarray(piece.start, piece.end))];
      return piece.value === 0 ? [] : [formatNumber(piece.value)];
    });
  });
  return ` ${movesFirst(operation)}[${items.join(' ')}] TJ `;
};

/** The page's content with `erased` glyphs removed. */
export const eraseGlyphs = (page: PageGlyphs, erased: ReadonlySet<Glyph>): Uint8Array => {
  const byShowing = groupBy(page.glyphs, (glyph) => glyph.showing);
  const touched = [...new Set([...erased].map((glyph) => glyph.showing))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let copied = 0;
  for (const showing of touched) {
    const { start, end } = page.showings[showing]!.operation;
    chunks.push(page.content.subarray(copied, start), ascii(rewrite(page, showing, erased, byShowing.get(showing) ?? [])));
    copied = end;
  }
  chunks.push(page.content.subarray(copied));
  return Buffer.concat(chunks);
};
