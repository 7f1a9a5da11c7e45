import { formatIsoDay } from './date-format.js';
import { fieldLabel } from './field-label.js';
import { boxStyle } from './FieldOverlay.js';
import { MarkPreview } from './MarkPreview.js';
import type { OtherSignerField, SignedByOther } from './signing-types.js';

/** Another signer's field with the signer it belongs to. */
export interface SignedField {
  field: OtherSignerField;
  signer: SignedByOther;
}

export const signedFieldsOf = (others: readonly SignedByOther[]): SignedField[] =>
  others.flatMap((signer) => signer.fields.map((field) => ({ field, signer })));

/** What the other signer left in the field, as it will be printed in the sealed PDF. */
function SignedValue({ field, signer }: SignedField) {
  switch (field.type) {
    case 'signature':
      return <MarkPreview mark={signer.signature} alt={`Signature of ${signer.name}`} />;
    case 'initials':
      return <MarkPreview mark={signer.initials ?? signer.signature} alt={`Initials of ${signer.name}`} />;
    case 'checkbox':
      return (
        <span className="signed-check" role="img" aria-label={field.value === 'true' ? 'checked' : 'not checked'}>
          {field.value === 'true' ? '✓' : ''}
        </span>
      );
    case 'date_signed':
      return <span className="signed-text">{field.value ? formatIsoDay(field.value) : ''}</span>;
    default:
      return <span className="signed-text">{field.value ?? ''}</span>;
  }
}

/** A field another signer already completed: shown where they placed it, read-only. */
export function SignedFieldOverlay({ field, signer, scale }: SignedField & { scale: number }) {
  return (
    <div
      className={`field field-signed field-signed-${field.type}`}
      style={boxStyle(field, scale)}
      data-testid={`signed-${field.placeholder ?? field.field_id}`}
      title={`${fieldLabel(field)}, completed by ${signer.name}`}
    >
      <span className="visually-hidden">
        {fieldLabel(field)}, completed by {signer.name}:{' '}
      </span>
      <SignedValue field={field} signer={signer} />
    </div>
  );
}
