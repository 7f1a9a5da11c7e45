import { formatIsoDay } from '../../../src/domain/date-format.js';
import { fieldLabel, typeNamesOf } from './field-label.js';
import { boxStyle, fittedBoxStyle } from './FieldOverlay.js';
import { MarkPreview } from './MarkPreview.js';
import type { OtherSignerField, SignedByOther } from './signing-types.js';
import { useTranslation } from './i18n.js';

/** Another signer's field with the signer it belongs to. */
export interface SignedField {
  field: OtherSignerField;
  signer: SignedByOther;
}

export const signedFieldsOf = (others: readonly SignedByOther[]): SignedField[] =>
  others.flatMap((signer) => signer.fields.map((field) => ({ field, signer })));

/** What the other signer left in the field, as it will be printed in the sealed PDF. */
function SignedValue({ field, signer }: SignedField) {
  const { t, language } = useTranslation();
  switch (field.type) {
    case 'signature':
      return <MarkPreview mark={signer.signature} alt={t('sign.fields.signatureOf', { name: signer.name })} />;
    case 'initials':
      return <MarkPreview mark={signer.initials ?? signer.signature} alt={t('sign.fields.initialsOf', { name: signer.name })} />;
    case 'checkbox':
      return (
        <span
          className="signed-check"
          role="img"
          aria-label={field.value === 'true' ? t('sign.fields.checked') : t('sign.fields.notChecked')}
        >
          {field.value === 'true' ? '✓' : ''}
        </span>
      );
    case 'date_signed':
      return <span className="signed-text">{field.value ? formatIsoDay(field.value, language) : ''}</span>;
    default:
      return <span className="signed-text">{field.value ?? ''}</span>;
  }
}

/** A field another signer already completed: shown where they placed it, read-only. */
export function SignedFieldOverlay({ field, signer, scale }: SignedField & { scale: number }) {
  const { t } = useTranslation();
  const completed = t('sign.fields.completedBy', {
    label: fieldLabel(field, typeNamesOf(t)),
    name: signer.name,
  });
  return (
    <div
      className={`field field-signed field-signed-${field.type}`}
      style={
        field.value && !['signature', 'initials', 'checkbox'].includes(field.type)
          ? fittedBoxStyle(field, scale, field.value)
          : boxStyle(field, scale)
      }
      data-testid={`signed-${field.placeholder ?? field.field_id}`}
      title={completed}
    >
      <span className="visually-hidden">{completed} </span>
      <SignedValue field={field} signer={signer} />
    </div>
  );
}
