import { colourAt } from './field-model.js';

/**
 * The colour of the recipient (or role) at `index`, beside them in the form: the same colour as their
 * fields on the pages, so the person sees which fields are whose. Decorative: the fields carry the name.
 */
export function SignerSwatch({ index }: { index: number }) {
  return <span className="signer-swatch" style={{ background: colourAt(index).border }} aria-hidden="true" />;
}
