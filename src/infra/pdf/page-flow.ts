import { type PDF, type PDFPage, type Color, black } from '@libpdf/core';
import { DocumentFonts, fontFor, lineExtent, type FontName } from './fonts.js';
import { wrapText } from './wrap-text.js';

/** A named paper size, or the size in points of the page the certificate follows. */
export type PageSize = 'a4' | 'letter' | { width: number; height: number };

export interface TextStyle {
  font?: FontName;
  size?: number;
  color?: Color;
  /** Extra left indentation, in points. */
  indent?: number;
}

/** Something to write: wrapped text, a drawing of a known height, or vertical space. */
export type FlowItem =
  | { kind: 'text'; text: string; style?: TextStyle }
  | { kind: 'block'; height: number; indent?: number; draw: (page: PDFPage, x: number, y: number) => void }
  | { kind: 'space'; points: number };

const MARGIN = 50;
const LINE_SPACING = 1.3;
/** Below this a page is too small for the margins and a line of text: the certificate takes A4 instead. */
const MIN_SIDE = 200;

/** Writes top to bottom on new pages of a document, starting a fresh page when one is full. */
export class PageFlow {
  private page!: PDFPage;
  private cursor = 0;
  readonly fonts: DocumentFonts;

  constructor(
    private readonly pdf: PDF,
    private readonly size: PageSize,
  ) {
    this.fonts = new DocumentFonts(pdf);
    this.newPage();
  }

  get contentWidth(): number {
    return this.page.width - 2 * MARGIN;
  }

  /** Writes text wrapped to the content width (minus its indent), in the Japanese font when it holds CJK characters. */
  text(text: string, style: TextStyle = {}): void {
    const { font, size, lines, lineHeight, ascent } = this.layout(text, style);
    for (const line of lines) {
      this.reserve(lineHeight);
      this.page.drawText(line, { x: MARGIN + (style.indent ?? 0), y: this.cursor - ascent, font, size, color: style.color ?? black });
      this.cursor -= lineHeight;
    }
  }

  /** Draws something `height` points tall at the cursor; `draw` gets its bottom-left corner. */
  block(height: number, draw: (page: PDFPage, x: number, y: number) => void, indent = 0): void {
    this.reserve(height);
    draw(this.page, MARGIN + indent, this.cursor - height);
    this.cursor -= height;
  }

  space(points: number): void {
    this.cursor -= points;
  }

  rule(): void {
    this.write(this.ruleItem());
  }

  /** A thin line across the content width, as an item of a group. */
  ruleItem(): FlowItem {
    return {
      kind: 'block',
      height: 6,
      draw: (page, x, y) => {
        page.drawLine({ start: { x, y: y + 3 }, end: { x: x + this.contentWidth, y: y + 3 }, color: black, thickness: 0.5 });
      },
    };
  }

  /**
   * Writes the items together: when they do not fit in what is left of the page but would on a
   * fresh one, they start on a fresh one, so a recipient's block is never split and no page ends
   * up holding only the overflowing line of one. A group taller than a page flows line by line.
   */
  group(items: FlowItem[]): void {
    const height = items.reduce((sum, item) => sum + this.heightOf(item), 0);
    if (height <= this.page.height - 2 * MARGIN) this.reserve(height);
    for (const item of items) this.write(item);
  }

  /** Moves to a new page unless `height` points still fit above the bottom margin. */
  reserve(height: number): void {
    if (this.cursor - height < MARGIN) this.newPage();
  }

  private write(item: FlowItem): void {
    if (item.kind === 'text') this.text(item.text, item.style);
    else if (item.kind === 'block') this.block(item.height, item.draw, item.indent);
    else this.space(item.points);
  }

  private heightOf(item: FlowItem): number {
    if (item.kind === 'block') return item.height;
    if (item.kind === 'space') return item.points;
    const { lines, lineHeight } = this.layout(item.text, item.style ?? {});
    return lines.length * lineHeight;
  }

  private layout(text: string, style: TextStyle) {
    const font = this.fonts.get(fontFor(text, style.font ?? 'regular'));
    const size = style.size ?? 10;
    const { ascent, descent } = lineExtent(font, size);
    const lines = wrapText(text, font, size, this.contentWidth - (style.indent ?? 0));
    return { font, size, lines, lineHeight: (ascent + descent) * LINE_SPACING, ascent };
  }

  private newPage(): void {
    const size = this.size;
    const usable = typeof size === 'object' && Math.min(size.width, size.height) >= MIN_SIDE;
    this.page = typeof size === 'object' ? this.pdf.addPage(usable ? size : { size: 'a4' }) : this.pdf.addPage({ size });
    this.cursor = this.page.height - MARGIN;
  }
}
