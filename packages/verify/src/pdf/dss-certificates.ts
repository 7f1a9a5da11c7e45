import { PdfArray, PdfDict, PdfRef, PdfStream, type PDF } from '@libpdf/core';

/** More than any chain of a seal and a few TSAs needs; a file holding more gets the first ones read. */
const MAX_CERTIFICATES = 64;

/** The DER certificates of the document's DSS (/DSS /Certs in the catalog), empty without one. */
export const dssCertificates = (pdf: PDF): Uint8Array[] => {
  const resolve = (ref: PdfRef) => pdf.context.resolve(ref);
  const dss = pdf.getCatalog().get('DSS', resolve);
  const certs = dss instanceof PdfDict ? dss.get('Certs', resolve) : undefined;
  if (!(certs instanceof PdfArray)) return [];
  return certs
    .toArray()
    .slice(0, MAX_CERTIFICATES)
    .flatMap((item) => {
      const stream = item instanceof PdfRef ? resolve(item) : item;
      if (!(stream instanceof PdfStream)) return [];
      try {
        return [stream.getDecodedData()];
      } catch {
        return [];
      }
    });
};
