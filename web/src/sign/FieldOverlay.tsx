import type { CSSProperties, MouseEvent } from 'react';
import { AttachmentField } from './AttachmentField.js';
import { fieldLabel, typeNamesOf } from './field-label.js';
import { isMark, isServerFilled } from './field-values.js';
import { fittedBoxWidth, fittedFontSize } from './field-text-fit.js';
import type { AdoptedMark, SigningField } from './signing-types.js';
import { MarkPreview } from './MarkPreview.js';
import { useTranslation } from './i18n.js';

interface FieldOverlayProps {
  field: SigningField;
  /** Pixels per PDF point at the current page width. */
  scale: number;
  value: string;
  /** The adopted signature or initials, when this mark field has been applied. */
  appliedMark: AdoptedMark | undefined;
  invalid: boolean;
  /** "Next field" selected it: outlined until another is selected. */
  highlighted: boolean;
  onChange: (value: string) => void;
  onMarkClick: () => void;
}

export const fieldDomId = (field: SigningField): string => `field-${field.field_id}`;

/**
 * On a phone a field can be a dozen pixels tall; the box's enlarged, invisible hit area (CSS) passes
 * a tap that lands just outside the control on to the control itself.
 */
const forwardTap = (event: MouseEvent<HTMLDivElement>, controlId: string) => {
  if (event.target !== event.currentTarget) return;
  const control = document.getElementById(controlId);
  if (control instanceof HTMLInputElement && control.type === 'text') control.focus();
  else control?.click();
};

export const boxStyle = (field: Pick<SigningField, 'x' | 'y' | 'width' | 'height'>, scale: number): CSSProperties => ({
  left: field.x * scale,
  top: field.y * scale,
  width: field.width * scale,
  height: field.height * scale,
  fontSize: Math.max(9, Math.min(16, field.height * scale * 0.6)),
});

/** Types whose box shows one line of text: its font shrinks until the whole line fits. */
const ONE_LINE = new Set(['text', 'number', 'name', 'email', 'date_signed', 'dropdown']);

/** The box of a one-line field, with a font small enough to show `text` whole. */
export const fittedBoxStyle = (field: Pick<SigningField, 'x' | 'y' | 'width' | 'height'>, scale: number, text: string): CSSProperties => {
  const style = boxStyle(field, scale);
  const fontSize = fittedFontSize(text, field.width * scale, style.fontSize as number);
  return { ...style, fontSize, width: fittedBoxWidth(text, field.width * scale, fontSize) };
};

/** One of the signer's fields, laid over the rendered page at its PDF position. */
export function FieldOverlay({ field, scale, value, appliedMark, invalid, highlighted, onChange, onMarkClick }: FieldOverlayProps) {
  const { t } = useTranslation();
  const id = fieldDomId(field);
  const label = fieldLabel(field, typeNamesOf(t));
  const labelId = `${id}-label`;
  const readOnly = !field.editable || isServerFilled(field);
  const common: ControlProps = {
    id,
    'data-testid': `field-${field.placeholder ?? field.field_id}`,
    'aria-required': field.required && !readOnly,
    'aria-invalid': invalid || undefined,
  };
  const className = [
    'field',
    `field-${field.type}`,
    field.required ? 'field-required' : '',
    invalid ? 'field-invalid' : '',
    highlighted ? 'field-highlighted' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // A checkbox is a bare square: its label is written beside it. Other controls show it inside (placeholder, prompt).
  const visibleLabel = field.type === 'checkbox';
  const labelText = (
    <>
      {label}
      <span className="visually-hidden">
        {field.required && !readOnly ? t('sign.fields.required') : ''}
        {readOnly ? t('sign.fields.readOnly') : ''}
      </span>
    </>
  );
  const style = ONE_LINE.has(field.type) ? fittedBoxStyle(field, scale, value || label) : boxStyle(field, scale);

  return (
    <div className={className} style={style} data-highlighted={highlighted || undefined} onClick={(event) => forwardTap(event, id)}>
      {field.type === 'radio' ? (
        // A radio group is named as a group; each button by its option.
        <span id={labelId} className="visually-hidden">
          {labelText}
        </span>
      ) : (
        <label htmlFor={id} className={visibleLabel ? 'field-caption' : 'visually-hidden'}>
          {labelText}
        </label>
      )}
      {isMark(field) ? (
        // A button takes no aria-required/aria-invalid (axe: aria-allowed-attr); its label says "(required)".
        <button
          type="button"
          id={common.id}
          data-testid={common['data-testid']}
          className="field-mark"
          disabled={!field.editable}
          onClick={onMarkClick}
        >
          {appliedMark ? (
            <MarkPreview mark={appliedMark} />
          ) : (
            <span className="field-mark-prompt">
              {field.type === 'initials' ? t('sign.fields.initialHere') : t('sign.fields.signHere')}
            </span>
          )}
        </button>
      ) : field.type === 'attachment' ? (
        <AttachmentField
          field={field}
          id={id}
          testId={common['data-testid']}
          readOnly={readOnly}
          invalid={invalid}
          value={value}
          onChange={onChange}
        />
      ) : field.type === 'radio' ? (
        <RadioGroup field={field} common={common} labelId={labelId} readOnly={readOnly} value={value} onChange={onChange} />
      ) : (
        <FieldInput field={field} common={common} label={label} readOnly={readOnly} value={value} onChange={onChange} />
      )}
      {field.required && !readOnly ? (
        <span className="field-required-marker" aria-hidden="true">
          *
        </span>
      ) : null}
    </div>
  );
}

/** What every control of a field carries: its id, test id and ARIA state. */
interface ControlProps {
  id: string;
  'data-testid': string;
  'aria-required': boolean;
  'aria-invalid': true | undefined;
}

interface FieldInputProps {
  field: SigningField;
  common: ControlProps;
  /** Shown in the empty control, so a box on the page says what goes in it. */
  label: string;
  readOnly: boolean;
  value: string;
  onChange: (value: string) => void;
}

function FieldInput({ field, common, label, readOnly, value, onChange }: FieldInputProps) {
  const { t } = useTranslation();
  switch (field.type) {
    case 'checkbox':
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === 'true'}
          disabled={readOnly}
          onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
        />
      );
    case 'dropdown':
      return (
        <select {...common} value={value} disabled={readOnly} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('sign.fields.choose', { label })}</option>
          {(field.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      );
    default:
      return (
        <input
          {...common}
          type="text"
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          autoComplete={field.type === 'name' ? 'name' : field.type === 'email' ? 'email' : 'off'}
          placeholder={label}
          value={value}
          readOnly={readOnly}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

interface RadioGroupProps {
  field: SigningField;
  common: ControlProps;
  labelId: string;
  readOnly: boolean;
  value: string;
  onChange: (value: string) => void;
}

/** Native radio buttons sharing a name, so the arrow keys move the choice as everywhere else. */
function RadioGroup({ field, common, labelId, readOnly, value, onChange }: RadioGroupProps) {
  return (
    <div
      role="radiogroup"
      className="field-radio-group"
      aria-labelledby={labelId}
      aria-required={common['aria-required']}
      data-testid={common['data-testid']}
    >
      {(field.options ?? []).map((option, index) => (
        <label key={option} className="field-radio-option">
          <input
            type="radio"
            id={index === 0 ? common.id : `${common.id}-${index}`}
            name={common.id}
            value={option}
            checked={value === option}
            disabled={readOnly}
            onChange={() => onChange(option)}
          />
          <span>{option}</span>
        </label>
      ))}
    </div>
  );
}
