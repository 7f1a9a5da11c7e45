import { PDF } from '@libpdf/core';

/** The target document followed by every page of `extra` (e.g. the certificate of completion). */
export const appendPages = async (target: Uint8Array, extra: Uint8Array): Promise<Uint8Array> => {
  const pdf = await PDF.load(target);
  const source = await PDF.load(extra);
  await pdf.copyPagesFrom(
    source,
    source.getPages().map((_, index) => index),
  );
  return pdf.save({ subsetFonts: true });
};
