import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useElementWidth } from '../shared/use-element-width.js';
import { EditorPage } from './EditorPage.js';
import { FieldProperties } from './FieldProperties.js';
import {
  clampToPage,
  colourOf,
  DEFAULT_SIZES,
  FIELD_LABELS,
  newField,
  type EditorField,
  type EditorSigner,
  type FieldType,
  type PageSize,
} from './field-model.js';
import { Palette } from './Palette.js';
import { PlacedField } from './PlacedField.js';
import { sizeOf, usePdfPages, type EditorDocument } from './use-pdf-pages.js';
import './editor.css';

interface FieldEditorProps {
  documents: readonly EditorDocument[];
  signers: readonly EditorSigner[];
  fields: readonly EditorField[];
  onChange: (fields: EditorField[]) => void;
  /** "Signer" in the composer, "Role" in templates. */
  signerNoun?: string;
}

const ZOOMS = [
  { value: 'fit', label: 'Fit width' },
  { value: '0.5', label: '50%' },
  { value: '0.75', label: '75%' },
  { value: '1', label: '100%' },
  { value: '1.25', label: '125%' },
  { value: '1.5', label: '150%' },
];
/** 100% shows a PDF point as 1/72 inch, as PDF viewers do: 96/72 CSS pixels. */
const POINT_PX = 96 / 72;
/** "Fit width" never blows a small page up beyond this, so fields stay in proportion with the text. */
const MAX_FIT_SCALE = 1.6;

/** The drag preview of a palette item is centred on the pointer, where the new field will be centred. */
const centreOnPointer: Modifier = ({ activatorEvent, draggingNodeRect, transform }) => {
  if (!draggingNodeRect || !(activatorEvent instanceof PointerEvent || activatorEvent instanceof MouseEvent)) return transform;
  return {
    ...transform,
    x: transform.x + activatorEvent.clientX - draggingNodeRect.left - draggingNodeRect.width / 2,
    y: transform.y + activatorEvent.clientY - draggingNodeRect.top - draggingNodeRect.height / 2,
  };
};

const isPointer = (event: Event | null): event is PointerEvent | MouseEvent => event instanceof PointerEvent || event instanceof MouseEvent;

const points = (value: number) => Math.round(value);

/**
 * The field editor of the composer, the template editor and the embedded builders: every page of
 * the documents, a palette to drag fields from (or add them by keyboard), fields that move by
 * pointer or arrow keys and resize by their handle, and the selected field's properties.
 * Coordinates are PDF points from the page's top-left corner, as the API takes them.
 */
export function FieldEditor({ documents, signers, fields, onChange, signerNoun = 'Signer' }: FieldEditorProps) {
  const state = usePdfPages(documents);
  const pagesRef = useRef<HTMLDivElement>(null);
  const availableWidth = useElementWidth(pagesRef);
  const pageElements = useRef(new Map<string, HTMLDivElement>());
  const lastPointer = useRef<{ x: number; y: number } | null>(null);
  const [zoom, setZoom] = useState('fit');
  const [selected, setSelected] = useState<string | null>(null);
  const [armed, setArmed] = useState<FieldType>('signature');
  const [activeSigner, setActiveSigner] = useState(signers[0]?.key ?? '');
  const [targetPage, setTargetPage] = useState('1:1');
  const [dragging, setDragging] = useState<FieldType | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Enter stays the palette button's click (choose the type); Space picks it up to drag.
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );

  useEffect(() => {
    if (!signers.some((signer) => signer.key === activeSigner)) setActiveSigner(signers[0]?.key ?? '');
  }, [signers, activeSigner]);

  useEffect(() => {
    const track = (event: PointerEvent) => {
      lastPointer.current = { x: event.clientX, y: event.clientY };
    };
    window.addEventListener('pointermove', track, { passive: true });
    return () => window.removeEventListener('pointermove', track);
  }, []);

  const documentsReady = state.status === 'ready' ? state.documents : [];
  const pageSizes = useMemo(() => {
    const sizes = new Map<string, PageSize>();
    documentsReady.forEach((document, index) => document.pages.forEach((page, p) => sizes.set(`${index + 1}:${p + 1}`, sizeOf(page))));
    return sizes;
  }, [documentsReady]);
  const pageOptions = useMemo(
    () =>
      documentsReady.flatMap((document, index) =>
        document.pages.map((_, p) => ({
          id: `${index + 1}:${p + 1}`,
          label: documentsReady.length > 1 ? `${document.name}, page ${p + 1}` : `Page ${p + 1}`,
        })),
      ),
    [documentsReady],
  );

  const signerLabel = useCallback((key: string) => signers.find((signer) => signer.key === key)?.label ?? 'nobody', [signers]);
  const describe = useCallback(
    (field: EditorField) => {
      const named = field.placeholder.trim() ? ` “${field.placeholder.trim()}”` : '';
      const inDocument = documentsReady.length > 1 ? `, ${documentsReady[field.document - 1]?.name ?? `document ${field.document}`}` : '';
      return `${FIELD_LABELS[field.type]}${named} for ${signerLabel(field.signer)}, page ${field.page}${inDocument}`;
    },
    [documentsReady, signerLabel],
  );

  const scaleFor = (size: PageSize): number => {
    if (zoom !== 'fit') return Number(zoom) * POINT_PX;
    return availableWidth > 0 ? Math.min(availableWidth / size.width, MAX_FIT_SCALE) : 0;
  };

  const replace = (key: string, change: (field: EditorField) => EditorField) =>
    onChange(fields.map((field) => (field.key === key ? change(field) : field)));

  const update = (key: string, patch: Partial<EditorField>) =>
    replace(key, (field) => {
      const next = { ...field, ...patch };
      const size = pageSizes.get(`${next.document}:${next.page}`);
      return size ? clampToPage(next, size) : next;
    });

  const remove = (key: string) => {
    const field = fields.find((candidate) => candidate.key === key);
    onChange(fields.filter((candidate) => candidate.key !== key));
    setSelected(null);
    if (field) setAnnouncement(`${describe(field)} removed.`);
  };

  const add = (type: FieldType, pageId: string, centre?: { x: number; y: number }) => {
    const size = pageSizes.get(pageId);
    if (!size || !activeSigner) return;
    const [document, page] = pageId.split(':').map(Number) as [number, number];
    // Added by keyboard: near the top of the page, a step lower for each field already there.
    const stacked = fields.filter((field) => field.document === document && field.page === page).length;
    const at = centre ?? { x: size.width / 2, y: Math.min(72 + stacked * 36, size.height / 2) };
    const field = newField(type, activeSigner, { document, page, centerX: at.x, centerY: at.y }, size);
    onChange([...fields, field]);
    setSelected(field.key);
    setAnnouncement(`${describe(field)} added at x ${points(field.x)}, y ${points(field.y)} points.`);
    return field;
  };

  /** The page under a viewport point, and the point in that page's PDF points. */
  const pageAt = (x: number, y: number) => {
    for (const [pageId, element] of pageElements.current) {
      const rect = element.getBoundingClientRect();
      if (x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom) {
        const size = pageSizes.get(pageId);
        if (!size) continue;
        const scale = rect.width / size.width;
        return { pageId, size, x: (x - rect.left) / scale, y: (y - rect.top) / scale, scale };
      }
    }
    return null;
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as { kind: string; type?: FieldType; key?: string };
    if (data.kind === 'palette' && data.type) setDragging(data.type);
    if (data.kind === 'field' && data.key) setSelected(data.key);
  };

  const onDragEnd = ({ active, delta, activatorEvent }: DragEndEvent) => {
    setDragging(null);
    const data = active.data.current as { kind: string; type?: FieldType; key?: string };
    const initial = active.rect.current.initial;
    const pointer = isPointer(activatorEvent)
      ? (lastPointer.current ?? { x: activatorEvent.clientX + delta.x, y: activatorEvent.clientY + delta.y })
      : null;

    if (data.kind === 'palette' && data.type) {
      const translated = active.rect.current.translated;
      const point =
        pointer ?? (translated ? { x: translated.left + translated.width / 2, y: translated.top + translated.height / 2 } : null);
      const target = point && pageAt(point.x, point.y);
      if (!target) {
        setAnnouncement(`${FIELD_LABELS[data.type]} not placed: drop it on a page.`);
        return;
      }
      add(data.type, target.pageId, { x: target.x, y: target.y });
      return;
    }

    const field = fields.find((candidate) => candidate.key === data.key);
    if (!field || !initial) return;
    // The field's new top-left corner on screen: where the pointer is, less where it was grabbed.
    const corner =
      pointer && isPointer(activatorEvent)
        ? { x: pointer.x - (activatorEvent.clientX - initial.left), y: pointer.y - (activatorEvent.clientY - initial.top) }
        : { x: initial.left + delta.x, y: initial.top + delta.y };
    const centre = { x: corner.x + initial.width / 2, y: corner.y + initial.height / 2 };
    const target = pageAt(centre.x, centre.y);
    if (!target) {
      setAnnouncement(`${describe(field)} not moved: drop it on a page.`);
      return;
    }
    const [document, page] = target.pageId.split(':').map(Number) as [number, number];
    const moved = clampToPage(
      {
        ...field,
        document,
        page,
        x: target.x - initial.width / 2 / target.scale,
        y: target.y - initial.height / 2 / target.scale,
      },
      target.size,
    );
    onChange(fields.map((candidate) => (candidate.key === field.key ? moved : candidate)));
    setAnnouncement(`${describe(moved)} moved to x ${points(moved.x)}, y ${points(moved.y)} points.`);
  };

  const onFieldKey = (field: EditorField) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(field.key);
      return;
    }
    const step = event.shiftKey ? 10 : 1;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const size = pageSizes.get(`${field.document}:${field.page}`);
    if (!size) return;
    const moved = clampToPage({ ...field, x: field.x + move[0], y: field.y + move[1] }, size);
    replace(field.key, () => moved);
    setAnnouncement(`Moved to x ${points(moved.x)}, y ${points(moved.y)} points.`);
  };

  const onResize = (field: EditorField) => (size: { width: number; height: number }, done: boolean) => {
    const page = pageSizes.get(`${field.document}:${field.page}`);
    if (!page) return;
    const width = Math.min(Math.max(size.width, 8), page.width - field.x);
    const height = Math.min(Math.max(size.height, 8), page.height - field.y);
    replace(field.key, (current) => ({ ...current, width, height }));
    if (done) setAnnouncement(`${describe(field)} resized to ${points(width)} by ${points(height)} points.`);
  };

  const selectedField = fields.find((field) => field.key === selected) ?? null;
  const overlaySize = dragging ? DEFAULT_SIZES[dragging] : null;
  const firstSize = pageSizes.get('1:1');
  const overlayScale = firstSize ? scaleFor(firstSize) : 1;

  return (
    <div className="field-editor">
      <DndContext sensors={sensors} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setDragging(null)}>
        <div className="editor-layout">
          <Palette
            signers={signers}
            signerNoun={signerNoun}
            activeSigner={activeSigner}
            onActiveSigner={setActiveSigner}
            colour={colourOf(signers, activeSigner)}
            armed={armed}
            onArm={setArmed}
            pages={pageOptions}
            targetPage={targetPage}
            onTargetPage={setTargetPage}
            onAdd={() => add(armed, targetPage)}
          />
          <div className="editor-pages-column">
            <div className="editor-toolbar">
              <label className="editor-zoom">
                Zoom
                <select className="text-input" value={zoom} onChange={(event) => setZoom(event.target.value)}>
                  {ZOOMS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </label>
              <span className="hint">
                {fields.length} field{fields.length === 1 ? '' : 's'}
              </span>
            </div>
            <div ref={pagesRef} className="editor-pages">
              {state.status === 'loading' && <p className="loading">Loading the document…</p>}
              {state.status === 'failed' && (
                <p className="form-error" role="alert">
                  The document could not be shown: {state.message}
                </p>
              )}
              {documentsReady.map((document, index) => (
                <div key={document.key} className="editor-document">
                  {documentsReady.length > 1 && <h3 className="editor-document-name">{document.name}</h3>}
                  {document.pages.map((page, p) => {
                    const pageId = `${index + 1}:${p + 1}`;
                    const scale = scaleFor(sizeOf(page));
                    return (
                      <EditorPage
                        key={pageId}
                        page={page}
                        pageId={pageId}
                        scale={scale}
                        label={`${document.name}, page ${p + 1}`}
                        register={(id, element) => {
                          if (element) pageElements.current.set(id, element);
                          else pageElements.current.delete(id);
                        }}
                      >
                        {fields
                          .filter((field) => field.document === index + 1 && field.page === p + 1)
                          .map((field) => (
                            <PlacedField
                              key={field.key}
                              field={field}
                              scale={scale}
                              label={describe(field)}
                              colour={colourOf(signers, field.signer)}
                              selected={field.key === selected}
                              onSelect={() => setSelected(field.key)}
                              onKeyDown={onFieldKey(field)}
                              onResize={onResize(field)}
                            />
                          ))}
                      </EditorPage>
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
          <FieldProperties
            field={selectedField}
            signers={signers}
            signerNoun={signerNoun}
            onChange={(patch) => selectedField && update(selectedField.key, patch)}
            onRemove={() => selectedField && remove(selectedField.key)}
          />
        </div>
        <DragOverlay modifiers={[centreOnPointer]} dropAnimation={null}>
          {dragging && overlaySize ? (
            <div
              className="drag-preview"
              style={{
                width: overlaySize.width * overlayScale,
                height: overlaySize.height * overlayScale,
                background: colourOf(signers, activeSigner).fill,
                borderColor: colourOf(signers, activeSigner).border,
              }}
            >
              {FIELD_LABELS[dragging]}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
      <div className="visually-hidden" aria-live="polite" data-testid="editor-announcement">
        {announcement}
      </div>
    </div>
  );
}
