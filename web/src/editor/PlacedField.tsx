import { useDraggable } from '@dnd-kit/core';
import { useEffect, useRef, type CSSProperties, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import type { EditorField, SignerColour } from './field-model.js';

interface PlacedFieldProps {
  field: EditorField;
  scale: number;
  /** The whole description, for assistive technology: type, name, recipient, page. */
  label: string;
  typeName: string;
  /**
   * The recipient's name (or the role's title), written on the field in the recipient's colour. It is
   * drawn by CSS (`data-signer`), for the eye: the label already says whose field it is, and text inside
   * the button that is not in its label would break "label in name" for people who speak to the page.
   */
  signerLabel: string;
  colour: SignerColour;
  selected: boolean;
  /** Asked to come into view (and take the focus) once drawn: a field just added or moved to another page. */
  attention: { focus: boolean } | null;
  onAttended: () => void;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** Called while the handle is dragged, with the new size in points (not yet clamped). */
  onResize: (size: { width: number; height: number }, done: boolean) => void;
}

/** The field's words follow the zoom, between 8 and 12 pixels, so a small page still shows them inside the field. */
const fontPixels = (scale: number) => Math.round(Math.min(12, Math.max(8, 12 * scale)));
/** A field at least this many pixels high shows the name above the type, else beside it. */
const TWO_LINES_PX = 30;

const outOfView = (rect: DOMRect) => rect.top < 0 || rect.left < 0 || rect.bottom > window.innerHeight || rect.right > window.innerWidth;

/**
 * A field on its page: a focusable button (select, arrow keys, Delete) that the pointer drags, and a
 * resize handle at its corner. The keyboard moves it through the editor, not through dnd-kit, so
 * the arrow keys work without first "picking it up".
 */
export function PlacedField(props: PlacedFieldProps) {
  const { field, scale, label, typeName, signerLabel, colour, selected, attention, onAttended, onSelect, onKeyDown, onResize } = props;
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: `field:${field.key}`,
    data: { kind: 'field', key: field.key },
  });
  const bodyRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const body = bodyRef.current;
    if (!attention || !body) return;
    if (attention.focus) body.focus({ preventScroll: true });
    if (outOfView(body.getBoundingClientRect())) body.scrollIntoView({ block: 'center', inline: 'nearest' });
    onAttended();
  }, [attention, onAttended]);

  const startResize = (event: ReactPointerEvent<HTMLSpanElement>) => {
    event.stopPropagation();
    event.preventDefault();
    onSelect();
    const start = { x: event.clientX, y: event.clientY, width: field.width, height: field.height };
    const sizeAt = (moved: PointerEvent) => ({
      width: start.width + (moved.clientX - start.x) / scale,
      height: start.height + (moved.clientY - start.y) / scale,
    });
    const move = (moved: PointerEvent) => onResize(sizeAt(moved), false);
    const end = (ended: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      onResize(sizeAt(ended), true);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
  };

  return (
    <div
      ref={setNodeRef}
      className={`placed-field${selected ? ' placed-field-selected' : ''}${isDragging ? ' placed-field-dragging' : ''}${field.height * scale >= TWO_LINES_PX ? ' placed-field-tall' : ''}`}
      style={{
        fontSize: fontPixels(scale),
        left: field.x * scale,
        top: field.y * scale,
        width: field.width * scale,
        height: field.height * scale,
        background: colour.fill,
        borderColor: colour.border,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
      }}
      data-testid="placed-field"
      data-field-type={field.type}
      data-signer-colour={colour.border}
    >
      <button
        ref={bodyRef}
        type="button"
        className="placed-field-body"
        data-signer={signerLabel}
        style={{ '--signer-colour': colour.border } as CSSProperties}
        aria-label={label}
        aria-pressed={selected}
        onPointerDown={listeners?.onPointerDown as ((event: ReactPointerEvent<HTMLButtonElement>) => void) | undefined}
        onClick={onSelect}
        onFocus={onSelect}
        onKeyDown={onKeyDown}
      >
        <span className="placed-field-text">{field.placeholder.trim() || typeName}</span>
      </button>
      <span className="resize-handle" aria-hidden="true" style={{ borderColor: colour.border }} onPointerDown={startResize} />
    </div>
  );
}
