import { Matrix, PdfRef, type PDF, type PdfObject } from '@libpdf/core';
import { AppError } from '../../domain/app-error.js';
import { readLineTags, type TextTag } from '../../domain/text-tags.js';
import { eraseGlyphs } from './erase-text.js';
import { openPdf } from './open-pdf.js';
import { pageGeometry, userBoxToTopLeft, type Box, type PageGeometry } from './page-geometry.js';
import { readPageGlyphs, type Glyph } from './page-glyphs.js';

/**
 * A tag found in a document's text: where, and either what it says with its field's box (in the
 * contract's coordinates: top-left origin of the page as seen), or why it says nothing usable.
 */
export type TextTagFound = {
  /** 1-based. */
  page: number;
  /** The tag as printed, `{{` to `}}`. */
  text: string;
} & ({ tag: TextTag; box: Box } | { reason: string });

export interface TextTagReading {
  /** The document without its tags' text, or the bytes given when it has no tag or a bad one. */
  bytes: Uint8Array;
  /** In reading order: page by page, in the order the pages' contents show them. */
  tags: TextTagFound[];
}

export interface TextTagTask {
  bytes: Uint8Array;
  /** Tags of the whole document (the envelope's field limit). */
  maxTags: number;
}

/** Within a line, the next glyph's baseline lies within this fraction of an em of the previous one's. */
const BASELINE_TOLERANCE_EM = 0.3;
/** A glyph may start this far (in ems) before the previous one's end and still continue its line (kerning, overlaps). */
const BACKWARD_TOLERANCE_EM = 0.5;
/** Lines within this many radians of each other's direction are the same direction. */
const DIRECTION_TOLERANCE = 0.01;

/** Degenerate matrices (a zero font size or scale) show nothing a line could continue from. */
const invert = (m: Matrix): Matrix | undefined => {
  const [a, b, c, d, e, f] = m.toArray();
  const det = a * d - b * c;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-12) return undefined;
  return new Matrix(d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det);
};

const direction = (glyph: Glyph): number => Math.atan2(glyph.matrix.b, glyph.matrix.a);

/** Whether `next`, shown after `previous`, continues its line: same direction, same baseline, not behind it. */
const continuesLine = (previous: Glyph, next: Glyph, previousInverse: Matrix | undefined): boolean => {
  if (!previousInverse) return false;
  const turn = Math.abs(direction(previous) - direction(next));
  if (Math.min(turn, 2 * Math.PI - turn) > DIRECTION_TOLERANCE) return false;
  const origin = next.matrix.transformPoint(0, 0);
  const seen = previousInverse.transformPoint(origin.x, origin.y);
  return Math.abs(seen.y) <= BASELINE_TOLERANCE_EM && seen.x >= previous.width - BACKWARD_TOLERANCE_EM;
};

/** A line of text as its glyphs show it, with the glyph each character comes from. */
interface TextLine {
  text: string;
  glyphOf: number[];
}

/** The page's glyphs cut into lines: consecutive glyphs on one baseline, in the order the content shows them. */
const linesOf = (glyphs: readonly Glyph[]): TextLine[] => {
  const lines: TextLine[] = [];
  let current: { parts: string[]; glyphOf: number[] } | undefined;
  let previousInverse: Matrix | undefined;
  glyphs.forEach((glyph, index) => {
    const previous = glyphs[index - 1];
    if (!current || !previous || !continuesLine(previous, glyph, previousInverse)) {
      if (current) lines.push({ text: current.parts.join(''), glyphOf: current.glyphOf });
      current = { parts: [], glyphOf: [] };
    }
    current.parts.push(glyph.text);
    for (let i = 0; i < glyph.text.length; i += 1) current.glyphOf.push(index);
    previousInverse = invert(glyph.matrix);
  });
  if (current) lines.push({ text: current.parts.join(''), glyphOf: current.glyphOf });
  return lines;
};

/** The glyphs' boxes (advance width by ascent to descent) as one box in user space. */
const userBox = (glyphs: readonly Glyph[]): Box => {
  let [left, bottom, right, top] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const glyph of glyphs) {
    for (const [x, y] of [
      [0, glyph.descent],
      [glyph.width, glyph.descent],
      [glyph.width, glyph.ascent],
      [0, glyph.ascent],
    ] as const) {
      const corner = glyph.matrix.transformPoint(x, y);
      left = Math.min(left, corner.x);
      right = Math.max(right, corner.x);
      bottom = Math.min(bottom, corner.y);
      top = Math.max(top, corner.y);
    }
  }
  return { x: left, y: bottom, width: right - left, height: top - bottom };
};

/**
 * The field of a tag: its glyphs' box; with w or h, a box of that size whose bottom-left corner
 * is the start of the tag's baseline (upright on the page as seen), the other side the glyphs' box's.
 */
const fieldBox = (geometry: PageGeometry, glyphs: readonly Glyph[], tag: TextTag): Box => {
  const covered = userBoxToTopLeft(geometry, userBox(glyphs));
  if (tag.width === undefined && tag.height === undefined) return covered;
  const start = glyphs[0]!.matrix.transformPoint(0, 0);
  const corner = userBoxToTopLeft(geometry, { x: start.x, y: start.y, width: 0, height: 0 });
  const width = tag.width ?? covered.width;
  const height = tag.height ?? covered.height;
  return { x: corner.x, y: corner.y - height, width, height };
};

const TOLERANCE_POINTS = 0.001;

const fits = (box: Box, geometry: PageGeometry): boolean =>
  box.x >= -TOLERANCE_POINTS &&
  box.y >= -TOLERANCE_POINTS &&
  box.x + box.width <= geometry.seenWidth + TOLERANCE_POINTS &&
  box.y + box.height <= geometry.seenHeight + TOLERANCE_POINTS;

const round = (value: number): number => Math.round(value * 1000) / 1000;

interface PageReading {
  tags: TextTagFound[];
  /** The page's content without its tags, when it has tags and every one is good. */
  erased?: Uint8Array;
}

const readPage = (pdf: PDF, pageIndex: number, countTag: () => void): PageReading => {
  const page = pdf.getPage(pageIndex)!;
  const resolve = (value: PdfObject | undefined): PdfObject | undefined =>
    value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;
  const geometry = pageGeometry(pdf, page);
  const glyphs = readPageGlyphs(page, resolve);
  const tags: TextTagFound[] = [];
  const erased = new Set<Glyph>();
  for (const line of linesOf(glyphs.glyphs)) {
    if (!line.text.includes('{{')) continue;
    for (const { span, text, parsed } of readLineTags(line.text)) {
      countTag();
      const first = line.glyphOf[span.start]!;
      const last = line.glyphOf[span.end - 1]!;
      const tagGlyphs = glyphs.glyphs.slice(first, last + 1);
      for (const glyph of tagGlyphs) erased.add(glyph);
      const found = { page: pageIndex + 1, text };
      if ('reason' in parsed) {
        tags.push({ ...found, reason: parsed.reason });
        continue;
      }
      const box = fieldBox(geometry, tagGlyphs, parsed.tag);
      const rounded = { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height) };
      tags.push(
        fits(box, geometry)
          ? { ...found, tag: parsed.tag, box: rounded }
          : {
              ...found,
              reason: `its field (x ${rounded.x}, y ${rounded.y}, ${rounded.width} × ${rounded.height}) does not fit inside the page (${round(geometry.seenWidth)} × ${round(geometry.seenHeight)} points).`,
            },
      );
    }
  }
  // Erased page by page, so that only one page's glyphs are held at a time.
  return tags.length === 0 || tags.some((tag) => 'reason' in tag) ? { tags } : { tags, erased: eraseGlyphs(glyphs, erased) };
};

/**
 * Every text tag of a document, and the document without them. A document with a bad tag is given
 * back as it came (it will be refused); one with more tags than `maxTags` is refused at once.
 */
export const readTextTags = async ({ bytes, maxTags }: TextTagTask): Promise<TextTagReading> => {
  const pdf = await openPdf(bytes);
  let count = 0;
  const countTag = (): void => {
    count += 1;
    if (count > maxTags) {
      throw new AppError(
        'TOO_MANY_FIELDS',
        `A document may hold at most ${maxTags} text tags (the envelope's field limit); this one holds more.`,
      );
    }
  };
  const pages = Array.from({ length: pdf.getPageCount() }, (_, index) => readPage(pdf, index, countTag));
  const tags = pages.flatMap((page) => page.tags);
  if (tags.length === 0 || tags.some((tag) => 'reason' in tag)) return { bytes, tags };
  pages.forEach(({ erased }, index) => {
    if (erased) pdf.getPage(index)!.dict.set('Contents', pdf.createStream({}, erased));
  });
  return { bytes: await pdf.save(), tags };
};
