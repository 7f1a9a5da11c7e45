import type { FileVerdict } from './verify-types.js';

export type VerdictKind = 'authentic' | 'not-this-envelope' | 'invalid';

export interface VerdictSummary {
  kind: VerdictKind;
  title: string;
  body: string;
}

/** One plain sentence for a person, from the server's match and seal answers. */
export const summarizeVerdict = (verdict: FileVerdict): VerdictSummary => {
  if (verdict.match && verdict.seal.valid) {
    return {
      kind: 'authentic',
      title: 'Authentic',
      body: `This file is the sealed copy of “${verdict.document_name ?? 'the document'}” from this envelope, unchanged since it was sealed.`,
    };
  }
  if (!verdict.match && verdict.seal.valid) {
    return {
      kind: 'not-this-envelope',
      title: 'Not a document of this envelope',
      body: 'The file carries a valid seal, but it is not one of the sealed documents of this envelope.',
    };
  }
  return {
    kind: 'invalid',
    title: 'Not authentic',
    body: verdict.match
      ? 'The file matches this envelope, but its seal does not verify. Do not rely on it.'
      : 'This file does not match any sealed document of this envelope and its seal does not verify: it was altered, or it is not the signed copy.',
  };
};
