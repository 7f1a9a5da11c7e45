import { useId } from 'react';
import { useT } from '../console/i18n.js';
import type { ConditionProblemCode, NamedField } from './condition-problems.js';
import { ConditionEditor } from './ConditionEditor.js';
import { hasOptions, takesFields, WITHOUT_DEFAULT_VALUE, type EditorField, type EditorSigner } from './field-model.js';
import { useFieldTypeNames } from './field-type-names.js';

interface FieldPropertiesProps {
  field: EditorField | null;
  signers: readonly EditorSigner[];
  signerNoun: string;
  /** Every page of the documents, `${document}:${page}`, to move the field to (the keyboard's way across pages). */
  pages: readonly { id: string; label: string }[];
  onPage: (pageId: string) => void;
  onChange: (patch: Partial<EditorField>) => void;
  onRemove: () => void;
  /** The envelope's named fields, which this field's condition may name. */
  named: readonly NamedField[];
  /** What is wrong with this field's name or condition. */
  problems: readonly ConditionProblemCode[];
}

const number = (value: string, fallback: number): number => {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

const BOX = ['x', 'y', 'width', 'height'] as const;

/** The selected field's settings: its signer, whether it is required, its name, default and options, its page and box. */
export function FieldProperties({ field, signers, signerNoun, pages, onPage, onChange, onRemove, named, problems }: FieldPropertiesProps) {
  const t = useT('editor');
  const w = useT('workflows');
  const typeNames = useFieldTypeNames();
  const titleId = useId();
  const nameProblemId = useId();
  const nameProblems = problems.filter((code) => code === 'DUPLICATE_FIELD_NAME');
  return (
    <section className="editor-properties" aria-labelledby={titleId} data-testid="field-properties">
      <h3 id={titleId} className="editor-panel-title">
        {field ? t('properties.titleOf', { type: typeNames[field.type], page: field.page }) : t('properties.title')}
      </h3>
      {!field ? (
        <p className="hint">{t('properties.help')}</p>
      ) : (
        <div className="properties-form">
          <label className="editor-label">
            {signerNoun}
            <select
              className="text-input"
              value={field.signer}
              onChange={(event) => onChange({ signer: event.target.value })}
              data-testid="field-signer"
            >
              {signers
                .filter((signer) => takesFields(signer) || signer.key === field.signer)
                .map((signer) => (
                  <option key={signer.key} value={signer.key}>
                    {signer.label}
                  </option>
                ))}
            </select>
          </label>
          <label className="editor-check">
            <input type="checkbox" checked={field.required} onChange={(event) => onChange({ required: event.target.checked })} />
            {t('properties.required')}
          </label>
          <label className="editor-label">
            {t('properties.placeholder')}
            <input
              className="text-input"
              value={field.placeholder}
              maxLength={100}
              onChange={(event) => onChange({ placeholder: event.target.value })}
              data-testid="field-placeholder"
            />
          </label>
          <label className="editor-label">
            {w('field.name')}
            <input
              className="text-input"
              value={field.name}
              maxLength={64}
              aria-invalid={nameProblems.length > 0 || undefined}
              aria-describedby={nameProblems.length > 0 ? nameProblemId : undefined}
              onChange={(event) => onChange({ name: event.target.value })}
              data-testid="field-name"
            />
          </label>
          {nameProblems.length > 0 && (
            <p id={nameProblemId} className="form-error" data-testid="field-name-problem">
              {w('field.problem.DUPLICATE_FIELD_NAME')}
            </p>
          )}
          {hasOptions(field.type) && (
            <label className="editor-label">
              {t('properties.options')}
              <textarea
                className="text-input"
                rows={4}
                value={field.options.join('\n')}
                onChange={(event) => onChange({ options: event.target.value.split('\n').map((option) => option.slice(0, 200)) })}
                onBlur={() => onChange({ options: field.options.map((option) => option.trim()).filter(Boolean) })}
              />
            </label>
          )}
          {!WITHOUT_DEFAULT_VALUE.has(field.type) && <DefaultValue field={field} onChange={onChange} />}
          <ConditionEditor
            field={field}
            named={named.filter((source) => source.key !== field.key)}
            problems={problems.filter((code) => code !== 'DUPLICATE_FIELD_NAME')}
            onChange={(showIf) => onChange({ showIf })}
          />
          {pages.length > 1 && (
            <label className="editor-label">
              {t('properties.page')}
              <select
                className="text-input"
                value={`${field.document}:${field.page}`}
                onChange={(event) => onPage(event.target.value)}
                data-testid="field-page"
              >
                {pages.map((page) => (
                  <option key={page.id} value={page.id}>
                    {page.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <fieldset className="properties-box">
            <legend>{t('properties.box')}</legend>
            {BOX.map((key) => (
              <label key={key} className="editor-label properties-number">
                {t(`properties.${key}`)}
                <input
                  className="text-input"
                  type="number"
                  step="1"
                  min="0"
                  value={Math.round(field[key] * 100) / 100}
                  onChange={(event) => onChange({ [key]: number(event.target.value, field[key]) })}
                  data-testid={`field-${key}`}
                />
              </label>
            ))}
          </fieldset>
          <button type="button" className="button button-secondary properties-remove" onClick={onRemove}>
            {t('properties.remove')}
          </button>
        </div>
      )}
    </section>
  );
}

function DefaultValue({ field, onChange }: { field: EditorField; onChange: (patch: Partial<EditorField>) => void }) {
  const t = useT('editor');
  const label = t('properties.defaultValue');
  if (field.type === 'checkbox' || hasOptions(field.type)) {
    const choices = field.type === 'checkbox' ? ['true', 'false'] : field.options.filter(Boolean);
    return (
      <label className="editor-label">
        {label}
        <select className="text-input" value={field.defaultValue} onChange={(event) => onChange({ defaultValue: event.target.value })}>
          <option value="">{t('properties.none')}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {field.type === 'checkbox' ? t(choice === 'true' ? 'properties.ticked' : 'properties.notTicked') : choice}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <label className="editor-label">
      {label}
      <input
        className="text-input"
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        value={field.defaultValue}
        maxLength={1000}
        onChange={(event) => onChange({ defaultValue: event.target.value })}
      />
    </label>
  );
}
