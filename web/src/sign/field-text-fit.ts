/**
 * On a phone a field's box is a few dozen pixels wide, and a date or a name at the box's height
 * would be cut off. The font is made small enough for the whole text to fit the box's width,
 * from a generous estimate of each character's width (wide scripts count a full em).
 */
const WIDE_CHARACTER = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** The text's width in ems, erring on the wide side. */
export const textWidthInEms = (text: string): number =>
  [...text].reduce((sum, character) => sum + (WIDE_CHARACTER.test(character) ? 1 : /[MW@%]/.test(character) ? 0.9 : 0.62), 0);

/** The smallest font the page ever uses for a field: below it the zoom buttons are the way to read. */
export const MIN_FIELD_FONT = 6;

/** The padding inside a field's box on either side, in ems (matches sign.css). */
const PADDING_EMS = 0.25 * 2;

/** The font size (px) at which `text` fits a box `boxWidth` px wide, never larger than `preferred`. */
export const fittedFontSize = (text: string, boxWidth: number, preferred: number): number => {
  const ems = textWidthInEms(text) + PADDING_EMS;
  if (ems <= PADDING_EMS) return preferred;
  return Math.max(MIN_FIELD_FONT, Math.min(preferred, (boxWidth - 2) / ems));
};

/**
 * The width (px) the box needs to show `text` whole at `fontSize`: its own width, or more when even
 * the smallest font does not fit (the box then reaches over the page beside it rather than cut the text).
 */
export const fittedBoxWidth = (text: string, boxWidth: number, fontSize: number): number =>
  Math.max(boxWidth, Math.ceil((textWidthInEms(text) + PADDING_EMS) * fontSize) + 2);
