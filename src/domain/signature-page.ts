/**
 * Where the signature fields of signers given no field go (docs/concepts/fields.md, issue 12): on signature pages
 * appended to the envelope's last document, one line per signer, top to bottom, as many pages as
 * they need. Coordinates are the contract's: PDF points from the page's top-left corner.
 */

export interface PageSize {
  width: number;
  height: number;
}

/** One signer's place: the signature field's box, and the page it is on (0 = the first appended page). */
export interface SignatureSlot {
  pageOffset: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

const MARGIN = 72;
/** Below the page's title. */
const FIRST_TOP = 130;
const FIELD_HEIGHT = 40;
/** The field, the line under it and the signer's name under that. */
const SLOT_HEIGHT = 90;
const MAX_FIELD_WIDTH = 240;

/** Slots for `count` signers on pages of `size` (the last page of the document they are added to). */
export const signatureSlots = (size: PageSize, count: number): SignatureSlot[] => {
  const perPage = Math.max(1, Math.floor((size.height - FIRST_TOP - MARGIN) / SLOT_HEIGHT));
  const width = Math.max(60, Math.min(MAX_FIELD_WIDTH, size.width - 2 * MARGIN));
  const x = Math.min(MARGIN, Math.max(0, (size.width - width) / 2));
  return Array.from({ length: count }, (_, index) => ({
    pageOffset: Math.floor(index / perPage),
    x,
    y: Math.min(FIRST_TOP, Math.max(0, size.height - FIELD_HEIGHT - 40)) + (index % perPage) * SLOT_HEIGHT,
    width,
    height: FIELD_HEIGHT,
  }));
};

export const signaturePageCount = (slots: readonly SignatureSlot[]): number =>
  slots.reduce((pages, slot) => Math.max(pages, slot.pageOffset + 1), 0);
