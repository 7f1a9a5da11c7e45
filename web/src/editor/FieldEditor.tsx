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
import { useLanguage, useT } from '../console/i18n.js';
import { useElementWidth } from '../shared/use-element-width.js';
import { fieldConditionProblems, namedFields } from './condition-problems.js';
import { EditorPage } from './EditorPage.js';
import { FieldProperties } from './FieldProperties.js';
import { useFieldTypeNames } from './field-type-names.js';
import {
  clampToPage,
  colourOf,
  DEFAULT_SIZES,
  newField,
  takesFields,
  type EditorField,
  type EditorSigner,
  type FieldType,
  type PageSize,
} from './field-model.js';
import { Palette } from './Palette.js';
import { nearestFreeSpot, placeNewField, type ShownPage } from './placement.js';
import { PlacedField } from './PlacedField.js';
import { sizeOf, usePdfPages, type EditorDocument } from './use-pdf-pages.js';
import './editor.css';

interface FieldEditorProps {
  documents: readonly EditorDocument[];
  signers: readonly EditorSigner[];
  fields: readonly EditorField[];
  onChange: (fields: EditorField[]) => void;
  /** Who fields belong to, in the page's language: "Signer" in the composer (the default), "Role" in templates. */
  signerNoun?: string;
}

const ZOOMS = ['fit', '0.5', '0.75', '1', '1.25', '1.5'];
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

/** What the person sees of an element: the window, cut to the element. */
const visiblePartOf = (element: HTMLElement | null) => {
  const rect = element?.getBoundingClientRect();
  const left = Math.max(rect?.left ?? 0, 0);
  const top = Math.max(rect?.top ?? 0, 0);
  const right = Math.min(rect?.right ?? window.innerWidth, window.innerWidth);
  const bottom = Math.min(rect?.bottom ?? window.innerHeight, window.innerHeight);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
};

/**
 * The field editor of the composer, the template editor and the embedded builders: every page of
 * the documents, a palette to drag fields from (or add them by keyboard), fields that move by
 * pointer or arrow keys and resize by their handle, and the selected field's properties.
 * Coordinates are PDF points from the page's top-left corner, as the API takes them.
 */
export function FieldEditor({ documents, signers, fields, onChange, signerNoun }: FieldEditorProps) {
  const t = useT('editor');
  const w = useT('workflows');
  const typeNames = useFieldTypeNames();
  const { language } = useLanguage();
  const percent = useMemo(() => new Intl.NumberFormat(language, { style: 'percent' }), [language]);
  const noun = signerNoun ?? t('signer');
  const state = usePdfPages(documents);
  const pagesRef = useRef<HTMLDivElement>(null);
  const availableWidth = useElementWidth(pagesRef);
  const pageElements = useRef(new Map<string, HTMLDivElement>());
  const lastPointer = useRef<{ x: number; y: number } | null>(null);
  const [zoom, setZoom] = useState('fit');
  const [selected, setSelected] = useState<string | null>(null);
  /** The field to bring into view once drawn, and whether it takes the focus (it does when just added). */
  const [attention, setAttention] = useState<{ key: string; focus: boolean } | null>(null);
  const firstTaking = signers.find((signer) => takesFields(signer))?.key ?? signers[0]?.key ?? '';
  const [activeSigner, setActiveSigner] = useState(firstTaking);
  const [dragging, setDragging] = useState<FieldType | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    // Enter stays the palette button's click (choose the type); Space picks it up to drag.
    useSensor(KeyboardSensor, { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );

  useEffect(() => {
    if (!signers.some((signer) => signer.key === activeSigner)) setActiveSigner(firstTaking);
  }, [signers, activeSigner, firstTaking]);

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
          label: documentsReady.length > 1 ? t('pageOfDocument', { document: document.name, page: p + 1 }) : t('page', { page: p + 1 }),
        })),
      ),
    [documentsReady, t],
  );

  const signerLabel = useCallback((key: string) => signers.find((signer) => signer.key === key)?.label ?? t('nobody'), [signers, t]);
  const describe = useCallback(
    (field: EditorField) => {
      const name = field.placeholder.trim();
      const described = t(name ? 'field.describeNamed' : 'field.describe', {
        type: typeNames[field.type],
        name,
        signer: signerLabel(field.signer),
        page: field.page,
      });
      if (documentsReady.length <= 1) return described;
      const document = documentsReady[field.document - 1]?.name ?? t('field.documentNumber', { number: field.document });
      return t('field.inDocument', { field: described, document });
    },
    [documentsReady, signerLabel, t, typeNames],
  );

  const scaleFor = (size: PageSize): number => {
    if (zoom !== 'fit') return Number(zoom) * POINT_PX;
    return availableWidth > 0 ? Math.min(availableWidth / size.width, MAX_FIT_SCALE) : 0;
  };

  const replace = (key: string, change: (field: EditorField) => EditorField) =>
    onChange(fields.map((field) => (field.key === key ? change(field) : field)));

  const problems = useMemo(() => fieldConditionProblems(fields), [fields]);
  const named = useMemo(() => namedFields(fields), [fields]);

  /** A renamed field takes the conditions that named it along. */
  const update = (key: string, patch: Partial<EditorField>) => {
    const before = fields.find((field) => field.key === key)?.name.trim();
    const after = patch.name?.trim();
    const renamed = before && after !== undefined && after !== before && after !== '';
    onChange(
      fields.map((field) => {
        if (field.key === key) {
          const next = { ...field, ...patch };
          const size = pageSizes.get(`${next.document}:${next.page}`);
          return size ? clampToPage(next, size) : next;
        }
        if (renamed && field.showIf?.field === before) return { ...field, showIf: { ...field.showIf, field: after } };
        return field;
      }),
    );
  };

  const remove = (key: string) => {
    const field = fields.find((candidate) => candidate.key === key);
    onChange(fields.filter((candidate) => candidate.key !== key));
    setSelected(null);
    if (field) setAnnouncement(t('announce.removed', { field: describe(field) }));
  };

  const othersOn = (pageId: string, except?: string) =>
    fields.filter((field) => `${field.document}:${field.page}` === pageId && field.key !== except);

  const shownPages = (): ShownPage[] =>
    [...pageElements.current].flatMap(([id, element]) => {
      const size = pageSizes.get(id);
      if (!size) return [];
      const rect = element.getBoundingClientRect();
      return [{ id, ...size, rect: { left: rect.left, top: rect.top, width: rect.width, height: rect.height } }];
    });

  /**
   * Adds a field where the person is looking: under the pointer of a drop, else in the middle of the
   * page most in view; never over another field. The new field is selected, focused and in view.
   */
  const add = (type: FieldType, pointer: { x: number; y: number } | null) => {
    if (!activeSigner) return;
    const spot = placeNewField({
      pages: shownPages(),
      viewport: visiblePartOf(pagesRef.current),
      pointer,
      size: DEFAULT_SIZES[type],
      occupied: (pageId) => othersOn(pageId),
    });
    const size = spot && pageSizes.get(spot.pageId);
    if (!spot || !size) return;
    const [document, page] = spot.pageId.split(':').map(Number) as [number, number];
    const options = [t('properties.optionNumber', { number: 1 }), t('properties.optionNumber', { number: 2 })];
    const centre = { centerX: spot.x + spot.width / 2, centerY: spot.y + spot.height / 2 };
    const field = newField(type, activeSigner, { document, page, ...centre }, size, options);
    onChange([...fields, field]);
    setSelected(field.key);
    setAttention({ key: field.key, focus: true });
    setAnnouncement(t('announce.added', { field: describe(field), x: points(field.x), y: points(field.y) }));
  };

  /** Moves a field to another page (the properties' page choice): same place if free, else the nearest free one. */
  const moveToPage = (key: string, pageId: string) => {
    const field = fields.find((candidate) => candidate.key === key);
    const size = pageSizes.get(pageId);
    if (!field || !size) return;
    const [document, page] = pageId.split(':').map(Number) as [number, number];
    const box = clampToPage(field, size);
    const spot = nearestFreeSpot(box, size, othersOn(pageId, key));
    const moved = { ...box, ...spot, document, page };
    replace(key, () => moved);
    setAttention({ key, focus: false });
    setAnnouncement(t('announce.moved', { field: describe(moved), x: points(moved.x), y: points(moved.y) }));
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
      if (!point || !pageAt(point.x, point.y)) {
        setAnnouncement(t('announce.notPlaced', { type: typeNames[data.type] }));
        return;
      }
      add(data.type, point);
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
      setAnnouncement(t('announce.notMoved', { field: describe(field) }));
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
    setAnnouncement(t('announce.moved', { field: describe(moved), x: points(moved.x), y: points(moved.y) }));
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
    setAnnouncement(t('announce.nudged', { x: points(moved.x), y: points(moved.y) }));
  };

  const onResize = (field: EditorField) => (size: { width: number; height: number }, done: boolean) => {
    const page = pageSizes.get(`${field.document}:${field.page}`);
    if (!page) return;
    const width = Math.min(Math.max(size.width, 8), page.width - field.x);
    const height = Math.min(Math.max(size.height, 8), page.height - field.y);
    replace(field.key, (current) => ({ ...current, width, height }));
    if (done) setAnnouncement(t('announce.resized', { field: describe(field), width: points(width), height: points(height) }));
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
            signerNoun={noun}
            activeSigner={activeSigner}
            onActiveSigner={setActiveSigner}
            colour={colourOf(signers, activeSigner)}
            ready={pageSizes.size > 0}
            fieldless={!takesFields(signers.find((signer) => signer.key === activeSigner))}
            onAdd={(type) => add(type, null)}
          />
          <div className="editor-pages-column">
            <div className="editor-toolbar">
              <label className="editor-zoom">
                {t('zoom.label')}
                <select className="text-input" value={zoom} onChange={(event) => setZoom(event.target.value)}>
                  {ZOOMS.map((value) => (
                    <option key={value} value={value}>
                      {value === 'fit' ? t('zoom.fit') : percent.format(Number(value))}
                    </option>
                  ))}
                </select>
              </label>
              <span className="hint">{t('fieldCount', { count: fields.length })}</span>
              {problems.size > 0 && (
                <span className="form-error" data-testid="editor-condition-problems">
                  {w('field.problemCount', { count: problems.size })}
                </span>
              )}
            </div>
            {/* Focusable so that a keyboard can scroll pages wider than the screen, placed fields or not. */}
            <div ref={pagesRef} className="editor-pages" tabIndex={0} role="region" aria-label={t('pagesRegion')}>
              {state.status === 'loading' && <p className="loading">{t('loadingDocument')}</p>}
              {state.status === 'failed' && (
                <p className="form-error" role="alert">
                  {t('documentFailed', { message: state.message })}
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
                        label={t('pageOfDocument', { document: document.name, page: p + 1 })}
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
                              typeName={typeNames[field.type]}
                              signerLabel={signerLabel(field.signer)}
                              colour={colourOf(signers, field.signer)}
                              selected={field.key === selected}
                              attention={attention?.key === field.key ? attention : null}
                              onAttended={() => setAttention(null)}
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
            signerNoun={noun}
            pages={pageOptions}
            onPage={(pageId) => selectedField && moveToPage(selectedField.key, pageId)}
            onChange={(patch) => selectedField && update(selectedField.key, patch)}
            onRemove={() => selectedField && remove(selectedField.key)}
            named={named}
            problems={(selectedField && problems.get(selectedField.key)) ?? []}
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
              {typeNames[dragging]}
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
