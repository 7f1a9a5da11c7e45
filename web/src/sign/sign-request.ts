import { fieldsPayload, type FieldValues } from './field-values.js';
import type { AdoptedMarks, GeoLocation, SignRequest, SigningField, WitnessNamed } from './signing-types.js';

interface SignInput {
  /** The fields the signer sees: those hidden by their conditions are left out before. */
  fields: SigningField[];
  signerName: string;
  values: FieldValues;
  marks: AdoptedMarks;
  location: GeoLocation | null;
  witness?: WitnessNamed | null;
}

/**
 * The body of POST …/sign. The API always wants a `signature`: a signer with only initials fields
 * signs with those, and one with neither signs with their typed name (finishing is the act of signing).
 * `initials` is sent only when it differs from the signature, since the server reuses the signature otherwise.
 */
export const buildSignRequest = ({ fields, signerName, values, marks, location, witness }: SignInput): SignRequest => {
  const signature = marks.signature ?? marks.initials ?? { type: 'typed', text: signerName };
  return {
    consent: true,
    signature,
    ...(marks.signature && marks.initials ? { initials: marks.initials } : {}),
    fields: fieldsPayload(fields, values),
    ...(location ? { location } : {}),
    ...(witness ? { witness } : {}),
  };
};
