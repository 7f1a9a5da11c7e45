import { useMemo, useState } from 'react';
import { formatDate, type DateLanguage } from '../../../src/domain/date-format.js';
import { initialValues, invalidNumbers, progressOf, type FieldValues } from './field-values.js';
import type { AdoptedMark, AdoptedMarks, SigningField, SigningSession } from './signing-types.js';
import { hiddenFieldsOf } from './visible-fields.js';

export type MarkKind = keyof AdoptedMarks;

/** The date the server will record for date_signed, written as the sealed PDF will print it, in the signer's language. */
const today = (language: DateLanguage): string => formatDate(new Date(), language);

/**
 * The signer's work in progress: entered values, adopted marks, which mark fields were applied, and
 * which fields their conditions hide at these values (hidden ones neither count nor travel).
 */
export const useSigningForm = (session: SigningSession, language: DateLanguage) => {
  const [values, setValues] = useState<FieldValues>(() => initialValues(session.fields, session.signer, today(language)));
  const [marks, setMarks] = useState<AdoptedMarks>({});
  const [applied, setApplied] = useState<ReadonlySet<string>>(() => new Set());

  const visible = useMemo(() => {
    const hidden = hiddenFieldsOf(session.fields, session.other_fields ?? [], values);
    return session.fields.filter((field) => !hidden.has(field.field_id));
  }, [session.fields, session.other_fields, values]);
  const progress = useMemo(() => progressOf(visible, values, applied), [visible, values, applied]);
  const badNumbers = useMemo(() => new Set(invalidNumbers(visible, values).map((field) => field.field_id)), [visible, values]);

  const setValue = (fieldId: string, value: string) => setValues((current) => ({ ...current, [fieldId]: value }));
  const apply = (field: SigningField) => setApplied((current) => new Set(current).add(field.field_id));
  const adopt = (kind: MarkKind, mark: AdoptedMark, field: SigningField) => {
    setMarks((current) => ({ ...current, [kind]: mark }));
    apply(field);
  };

  return { values, marks, applied, visible, progress, badNumbers, setValue, apply, adopt };
};
