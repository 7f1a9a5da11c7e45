import { useDraggable } from '@dnd-kit/core';
import { useId } from 'react';
import { FIELD_LABELS, FIELD_TYPES, type EditorSigner, type FieldType } from './field-model.js';

interface PaletteProps {
  signers: readonly EditorSigner[];
  signerNoun: string;
  activeSigner: string;
  onActiveSigner: (key: string) => void;
  colour: { fill: string; border: string };
  armed: FieldType;
  onArm: (type: FieldType) => void;
  pages: { id: string; label: string }[];
  targetPage: string;
  onTargetPage: (id: string) => void;
  onAdd: () => void;
}

function PaletteItem({
  type,
  armed,
  disabled,
  colour,
  onArm,
}: {
  type: FieldType;
  armed: boolean;
  disabled: boolean;
  colour: PaletteProps['colour'];
  onArm: () => void;
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
        className={`palette-item${isDragging ? ' palette-item-dragging' : ''}`}
        aria-pressed={armed}
        disabled={disabled}
        onClick={onArm}
        style={{ borderLeftColor: colour.border }}
        data-testid={`palette-${type}`}
      >
        {FIELD_LABELS[type]}
      </button>
    </li>
  );
}

/** The field types: drag one onto a page, or choose one and a page and press "Add to page". */
export function Palette(props: PaletteProps) {
  const { signers, signerNoun, activeSigner, onActiveSigner, colour, armed, onArm, pages, targetPage, onTargetPage, onAdd } = props;
  const disabled = signers.length === 0;
  const titleId = useId();
  return (
    <section className="editor-palette" aria-labelledby={titleId}>
      <h3 id={titleId} className="editor-panel-title">
        Field types
      </h3>
      {disabled ? (
        <p className="hint">Add a {signerNoun.toLowerCase()} first; every field belongs to one.</p>
      ) : (
        <label className="editor-label">
          New fields for
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
        </label>
      )}
      <p className="hint palette-hint">Drag a field onto a page, or choose one and add it below.</p>
      <ul className="palette-list">
        {FIELD_TYPES.map((type) => (
          <PaletteItem key={type} type={type} armed={armed === type} disabled={disabled} colour={colour} onArm={() => onArm(type)} />
        ))}
      </ul>
      <div className="palette-add">
        <label className="editor-label">
          Page
          <select className="text-input" value={targetPage} onChange={(event) => onTargetPage(event.target.value)}>
            {pages.map((page) => (
              <option key={page.id} value={page.id}>
                {page.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button-secondary"
          disabled={disabled || pages.length === 0}
          onClick={onAdd}
          data-testid="palette-add"
        >
          Add {FIELD_LABELS[armed].toLowerCase()} to page
        </button>
      </div>
    </section>
  );
}
