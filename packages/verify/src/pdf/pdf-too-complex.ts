/**
 * A document refused before it is fully read: its streams inflate past the budget, or checking it
 * takes too long or too much memory. The service answers it as PDF_TOO_COMPLEX.
 */
export class PdfTooComplexError extends Error {
  readonly code = 'PDF_TOO_COMPLEX';
  override readonly name = 'PdfTooComplexError';
}

/**
 * By name, not class: under tsx a worker's static and dynamic imports of one file are two module
 * instances, so an error thrown by one copy is not an instance of the other's class.
 */
export const isPdfTooComplex = (error: unknown): error is PdfTooComplexError =>
  error instanceof Error && error.name === 'PdfTooComplexError';
