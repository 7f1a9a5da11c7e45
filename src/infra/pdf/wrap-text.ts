import type { EmbeddedFont } from '@libpdf/core';

const splitLongWord = (word: string, fits: (text: string) => boolean): string[] => {
  const pieces: string[] = [];
  let piece = '';
  for (const character of word) {
    if (piece && !fits(piece + character)) {
      pieces.push(piece);
      piece = '';
    }
    piece += character;
  }
  return piece ? [...pieces, piece] : pieces;
};

/**
 * Breaks text into lines no wider than `maxWidth`, at spaces where possible and inside words that are
 * wider than a line on their own (hashes, user agents, URLs), which word wrapping alone would let overflow.
 */
export const wrapText = (text: string, font: EmbeddedFont, size: number, maxWidth: number): string[] => {
  const fits = (candidate: string) => font.getTextWidth(candidate, size) <= maxWidth;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const pieces = fits(word) ? [word] : splitLongWord(word, fits);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  return line ? [...lines, line] : lines;
};
