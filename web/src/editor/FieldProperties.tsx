import { useId } from 'react';
import { FIELD_LABELS, WITHOUT_DEFAULT_VALUE, type EditorField, type EditorSigner } from './field-model.js';

interface FieldPropertiesProps {
  field: EditorField | null;
  signers: readonly EditorSigner[];
  signerNoun: string;
  onChange: (patch: Partial<EditorField>) => void;
  onRemove: () => void;
}

const number = (value: string, fallback: number): number => {
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** The selected field's settings: its signer, whether it is required, its name, default and options, its box. */
export function FieldProperties({ field, signers, signerNoun, onChange, onRemove }: FieldPropertiesProps) {
  const titleId = useId();
  return (
    <section className="editor-properties" aria-labelledby={titleId} data-testid="field-properties">
      <h3 id={titleId} className="editor-panel-title">
        {field ? `${FIELD_LABELS[field.type]}, page ${field.page}` : 'Field properties'}
      </h3>
      {!field ? (
        <p className="hint">
          Select a field on a page to change it. Arrow keys move the selected field (Shift: 10 points); Delete removes it.
        </p>
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
              {signers.map((signer) => (
                <option key={signer.key} value={signer.key}>
                  {signer.label}
                </option>
              ))}
            </select>
          </label>
          <label className="editor-check">
            <input type="checkbox" checked={field.required} onChange={(event) => onChange({ required: event.target.checked })} />
            Required
          </label>
          <label className="editor-label">
            Name (placeholder)
            <input
              className="text-input"
              value={field.placeholder}
              maxLength={100}
              onChange={(event) => onChange({ placeholder: event.target.value })}
              data-testid="field-placeholder"
            />
          </label>
          {field.type === 'dropdown' && (
            <label className="editor-label">
              Options, one per line
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
          <fieldset className="properties-box">
            <legend>Position and size (points)</legend>
            {(['x', 'y', 'width', 'height'] as const).map((key) => (
              <label key={key} className="editor-label properties-number">
                {key === 'x' ? 'X' : key === 'y' ? 'Y' : key === 'width' ? 'Width' : 'Height'}
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
            Remove field
          </button>
        </div>
      )}
    </section>
  );
}

function DefaultValue({ field, onChange }: { field: EditorField; onChange: (patch: Partial<EditorField>) => void }) {
  const label = 'Default value';
  if (field.type === 'checkbox' || field.type === 'dropdown') {
    const choices = field.type === 'checkbox' ? ['true', 'false'] : field.options.filter(Boolean);
    return (
      <label className="editor-label">
        {label}
        <select className="text-input" value={field.defaultValue} onChange={(event) => onChange({ defaultValue: event.target.value })}>
          <option value="">None</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {field.type === 'checkbox' ? (choice === 'true' ? 'Ticked' : 'Not ticked') : choice}
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
