import { useDraggable } from '@dnd-kit/core';
import { useId } from 'react';
import { useT } from '../console/i18n.js';
import { FIELD_TYPES, type EditorSigner, type FieldType, type SignerColour } from './field-model.js';
import { useFieldTypeNames } from './field-type-names.js';

interface PaletteProps {
  signers: readonly EditorSigner[];
  signerNoun: string;
  activeSigner: string;
  onActiveSigner: (key: string) => void;
  colour: SignerColour;
  /** The pages are drawn: there is somewhere to add a field. */
  ready: boolean;
  /** The chosen signer approves or views: their step takes no fields. */
  fieldless: boolean;
  onAdd: (type: FieldType) => void;
}

function PaletteItem({
  type,
  name,
  disabled,
  colour,
  describedBy,
  onAdd,
}: {
  type: FieldType;
  name: string;
  disabled: boolean;
  colour: SignerColour;
  describedBy: string;
  onAdd: () => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `palette:${type}`,
    data: { kind: 'palette', type },
    disabled,
  });
  return (
    <li>
      <button
        ref={setNodeRef}
        type="button"
        {...attributes}
        {...listeners}
        aria-describedby={describedBy}
        className={`palette-item${isDragging ? ' palette-item-dragging' : ''}`}
        disabled={disabled}
        onClick={onAdd}
        style={{ borderLeftColor: colour.border }}
        data-testid={`palette-${type}`}
      >
        {name}
      </button>
    </li>
  );
}

/** The field types: press one to add it to the page in view, or drag it onto a page. */
export function Palette({ signers, signerNoun, activeSigner, onActiveSigner, colour, ready, fieldless, onAdd }: PaletteProps) {
  const t = useT('editor');
  const w = useT('workflows');
  const typeNames = useFieldTypeNames();
  const nobody = signers.length === 0;
  const titleId = useId();
  const hintId = useId();
  return (
    <section className="editor-palette" aria-labelledby={titleId}>
      <h3 id={titleId} className="editor-panel-title">
        {t('palette.title')}
      </h3>
      {nobody ? (
        <p className="hint">{t('palette.nobody', { noun: signerNoun })}</p>
      ) : (
        <label className="editor-label">
          {t('palette.for')}
          <span className="palette-signer">
            <span className="signer-swatch" style={{ background: colour.border }} aria-hidden="true" />
            <select
              className="text-input"
              value={activeSigner}
              onChange={(event) => onActiveSigner(event.target.value)}
              data-testid="palette-signer"
            >
              {signers.map((signer) => (
                <option key={signer.key} value={signer.key}>
                  {signer.label}
                </option>
              ))}
            </select>
          </span>
        </label>
      )}
      <p id={hintId} className="hint palette-hint" data-testid="palette-hint">
        {fieldless ? w('palette.fieldless') : t('palette.hint')}
      </p>
      <ul className="palette-list">
        {FIELD_TYPES.map((type) => (
          <PaletteItem
            key={type}
            type={type}
            name={typeNames[type]}
            disabled={nobody || !ready || fieldless}
            colour={colour}
            describedBy={hintId}
            onAdd={() => onAdd(type)}
          />
        ))}
      </ul>
    </section>
  );
}
