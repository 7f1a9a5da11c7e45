import { useId } from 'react';
import { useT } from '../console/i18n.js';
import type { ConditionProblemCode, NamedField } from './condition-problems.js';
import { hasOptions, type EditorField, type ShowIf } from './field-model.js';
import './workflow-forms.css';

interface ConditionEditorProps {
  field: EditorField;
  /** The other named fields of the envelope. */
  named: readonly NamedField[];
  problems: readonly ConditionProblemCode[];
  onChange: (showIf: ShowIf | null) => void;
}

/** The value a new condition on `source` starts with: ticked, the first option, or empty text. */
const firstValue = (source: NamedField): string | boolean => {
  if (source.type === 'checkbox') return true;
  if (hasOptions(source.type)) return source.options[0] ?? '';
  return '';
};

/**
 * "Show only when…": the field is shown to its signer only while a named field of the envelope
 * has the chosen value (a checkbox ticked or not, an option, or a text), as the signing page and
 * the service evaluate it.
 */
export function ConditionEditor({ field, named, problems, onChange }: ConditionEditorProps) {
  const w = useT('workflows');
  const e = useT('editor');
  const id = useId();
  const source = field.showIf ? named.find((candidate) => candidate.name === field.showIf?.field) : undefined;
  const choose = (name: string) => {
    const next = named.find((candidate) => candidate.name === name);
    if (next) onChange({ field: next.name, equals: firstValue(next) });
  };

  return (
    <fieldset className="condition-editor" data-testid="condition-editor">
      <legend>{w('condition.legend')}</legend>
      <label className="editor-check">
        <input
          type="checkbox"
          checked={field.showIf !== null}
          disabled={field.showIf === null && named.length === 0}
          aria-describedby={named.length === 0 ? `${id}-none` : undefined}
          onChange={(event) =>
            event.target.checked && named[0] ? onChange({ field: named[0].name, equals: firstValue(named[0]) }) : onChange(null)
          }
          data-testid="condition-toggle"
        />
        {w('condition.only')}
      </label>
      {named.length === 0 && field.showIf === null && (
        <p id={`${id}-none`} className="hint">
          {w('condition.noneNamed')}
        </p>
      )}
      {field.showIf && (
        <>
          <label className="editor-label">
            {w('condition.source')}
            <select
              className="text-input"
              value={field.showIf.field}
              onChange={(event) => choose(event.target.value)}
              data-testid="condition-source"
            >
              {!source && <option value={field.showIf.field}>{w('condition.unknown', { name: field.showIf.field })}</option>}
              {named.map((candidate) => (
                <option key={candidate.key} value={candidate.name}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </label>
          {source?.type === 'checkbox' ? (
            <label className="editor-label">
              {w('condition.equals')}
              <select
                className="text-input"
                value={String(field.showIf.equals)}
                onChange={(event) => onChange({ field: source.name, equals: event.target.value === 'true' })}
                data-testid="condition-value"
              >
                <option value="true">{e('properties.ticked')}</option>
                <option value="false">{e('properties.notTicked')}</option>
              </select>
            </label>
          ) : source && hasOptions(source.type) ? (
            <label className="editor-label">
              {w('condition.equals')}
              <select
                className="text-input"
                value={String(field.showIf.equals)}
                onChange={(event) => onChange({ field: source.name, equals: event.target.value })}
                data-testid="condition-value"
              >
                {!source.options.includes(String(field.showIf.equals)) && (
                  <option value={String(field.showIf.equals)}>{String(field.showIf.equals)}</option>
                )}
                {source.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label className="editor-label">
              {w('condition.equalsText')}
              <input
                className="text-input"
                value={String(field.showIf.equals)}
                maxLength={1000}
                onChange={(event) => onChange({ field: field.showIf!.field, equals: event.target.value })}
                data-testid="condition-value"
              />
            </label>
          )}
        </>
      )}
      {problems.map((code) => (
        <p key={code} className="form-error" data-testid="condition-problem">
          {w(`field.problem.${code}`)}
        </p>
      ))}
    </fieldset>
  );
}
