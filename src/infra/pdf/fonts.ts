import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddedFont, PDF } from '@libpdf/core';
import { packagePath } from '../../package-dir.js';

export type FontName = 'regular' | 'bold' | 'handwriting' | 'japanese';

const FONT_FILES: Record<FontName, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  handwriting: 'DancingScript-Regular.ttf',
  // VL PGothic: DejaVu and Dancing Script have no kana or kanji. It has Latin glyphs too, so a
  // run that mixes both ("山田 太郎 <taro@example.jp>") is drawn whole in it.
  japanese: 'VL-PGothic-Regular.ttf',
};

/** Kana, kanji and the CJK punctuation and full-width forms: the text the Japanese font must draw. */
const CJK = /[\u3000-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/u;

/** The font to draw `text` in: the Japanese one for a run holding CJK characters, else the one asked for. */
export const fontFor = (text: string, wanted: FontName): FontName => (CJK.test(text) ? 'japanese' : wanted);

const FONT_DIR = packagePath('assets', 'fonts');
const fontBytes = new Map<FontName, Uint8Array>();

const readFont = (name: FontName): Uint8Array => {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(join(FONT_DIR, FONT_FILES[name])));
    fontBytes.set(name, bytes);
  }
  return bytes;
};

/**
 * The shipped TrueType fonts, embedded into one document on first use only: a font the document
 * never draws with is never written. DejaVu covers the scripts people's names come in, which the
 * standard 14 fonts (WinAnsi only) do not. Save with `subsetFonts: true` to keep files small.
 */
export class DocumentFonts {
  private readonly embedded = new Map<FontName, EmbeddedFont>();

  constructor(private readonly pdf: PDF) {}

  get(name: FontName): EmbeddedFont {
    let font = this.embedded.get(name);
    if (!font) {
      font = this.pdf.embedFont(readFont(name));
      this.embedded.set(name, font);
    }
    return font;
  }
}

/** Height of a line of text from descender to ascender, in points. */
export const lineExtent = (font: EmbeddedFont, size: number): { ascent: number; descent: number } => {
  const ascent = ((font.descriptor?.ascent ?? 800) * size) / 1000;
  const descent = (Math.abs(font.descriptor?.descent ?? -200) * size) / 1000;
  return { ascent, descent };
};
