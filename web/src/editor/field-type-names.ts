import { useMemo } from 'react';
import { useT } from '../console/i18n.js';
import { FIELD_TYPES, type FieldType } from './field-model.js';

/** The field types' names in the reader's language (the editor catalog's `types`). */
export const useFieldTypeNames = (): Record<FieldType, string> => {
  const t = useT('editor');
  return useMemo(() => Object.fromEntries(FIELD_TYPES.map((type) => [type, t(`types.${type}`)])) as Record<FieldType, string>, [t]);
};
