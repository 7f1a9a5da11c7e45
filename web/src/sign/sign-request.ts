import { fieldsPayload, type FieldValues } from './field-values.js';
import type { AdoptedMarks, GeoLocation, SignRequest, SigningField } from './signing-types.js';

interface SignInput {
  fields: SigningField[];
  signerName: string;
  values: FieldValues;
  marks: AdoptedMarks;
  location: GeoLocation | null;
}

/**
 * The body of POST …/sign. The API always wants a `signature`: a signer with only initials fields
 * signs with those, and one with neither signs with their typed name (finishing is the act of signing).
 * `initials` is sent only when it differs from the signature, since the server reuses the signature otherwise.
 */
export const buildSignRequest = ({ fields, signerName, values, marks, location }: SignInput): SignRequest => {
  const signature = marks.signature ?? marks.initials ?? { type: 'typed', text: signerName };
  return {
    consent: true,
    signature,
    ...(marks.signature && marks.initials ? { initials: marks.initials } : {}),
    fields: fieldsPayload(fields, values),
    ...(location ? { location } : {}),
  };
};
