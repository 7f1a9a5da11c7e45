import { type PDF, type PDFPage, type Color, black } from '@libpdf/core';
import { DocumentFonts, lineExtent, type FontName } from './fonts.js';
import { wrapText } from './wrap-text.js';

export type PageSize = 'a4' | 'letter';

export interface TextStyle {
  font?: FontName;
  size?: number;
  color?: Color;
  /** Extra left indentation, in points. */
  indent?: number;
}

const MARGIN = 50;
const LINE_SPACING = 1.3;

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

  /** Writes text wrapped to the content width (minus its indent). */
  text(text: string, style: TextStyle = {}): void {
    const font = this.fonts.get(style.font ?? 'regular');
    const size = style.size ?? 10;
    const indent = style.indent ?? 0;
    const { ascent, descent } = lineExtent(font, size);
    const lineHeight = (ascent + descent) * LINE_SPACING;
    for (const line of wrapText(text, font, size, this.contentWidth - indent)) {
      this.reserve(lineHeight);
      this.page.drawText(line, { x: MARGIN + indent, y: this.cursor - ascent, font, size, color: style.color ?? black });
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
    this.block(6, (page, x, y) => {
      page.drawLine({ start: { x, y: y + 3 }, end: { x: x + this.contentWidth, y: y + 3 }, color: black, thickness: 0.5 });
    });
  }

  /** Moves to a new page unless `height` points still fit above the bottom margin. */
  reserve(height: number): void {
    if (this.cursor - height < MARGIN) this.newPage();
  }

  private newPage(): void {
    this.page = this.pdf.addPage({ size: this.size });
    this.cursor = this.page.height - MARGIN;
  }
}
