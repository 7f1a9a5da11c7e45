import { useDraggable } from '@dnd-kit/core';
import type { KeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { FIELD_LABELS, type EditorField } from './field-model.js';

interface PlacedFieldProps {
  field: EditorField;
  scale: number;
  label: string;
  colour: { fill: string; border: string };
  selected: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  /** Called while the handle is dragged, with the new size in points (not yet clamped). */
  onResize: (size: { width: number; height: number }, done: boolean) => void;
}

/**
 * A field on its page: a focusable button (select, arrow keys, Delete) that the pointer drags, and a
 * resize handle at its corner. The keyboard moves it through the editor, not through dnd-kit, so
 * the arrow keys work without first "picking it up".
 */
export function PlacedField({ field, scale, label, colour, selected, onSelect, onKeyDown, onResize }: PlacedFieldProps) {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: `field:${field.key}`,
    data: { kind: 'field', key: field.key },
  });

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
      className={`placed-field${selected ? ' placed-field-selected' : ''}${isDragging ? ' placed-field-dragging' : ''}`}
      style={{
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
    >
      <button
        type="button"
        className="placed-field-body"
        aria-label={label}
        aria-pressed={selected}
        onPointerDown={listeners?.onPointerDown as ((event: ReactPointerEvent<HTMLButtonElement>) => void) | undefined}
        onClick={onSelect}
        onFocus={onSelect}
        onKeyDown={onKeyDown}
      >
        <span className="placed-field-text">{field.placeholder.trim() || FIELD_LABELS[field.type]}</span>
      </button>
      <span className="resize-handle" aria-hidden="true" style={{ borderColor: colour.border }} onPointerDown={startResize} />
    </div>
  );
}
