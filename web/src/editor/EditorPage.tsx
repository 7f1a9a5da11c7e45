import { useDroppable } from '@dnd-kit/core';
import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNearViewport } from '../shared/use-near-viewport.js';

interface EditorPageProps {
  page: PDFPageProxy;
  /** `${document}:${page}`, both 1-based. */
  pageId: string;
  /** CSS pixels per PDF point. */
  scale: number;
  label: string;
  register: (pageId: string, element: HTMLDivElement | null) => void;
  children: ReactNode;
}

/** One page: the PDF drawn on a canvas at device resolution, a drop target, and the fields placed on it. */
export function EditorPage({ page, pageId, scale, label, register, children }: EditorPageProps) {
  const frameRef = useRef<HTMLDivElement | null>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(frameRef);
  const { setNodeRef, isOver } = useDroppable({ id: `page:${pageId}`, data: { pageId } });
  const unscaled = page.getViewport({ scale: 1 });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !canvas || scale <= 0) return;
    const viewport = page.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    const task: RenderTask = page.render({ canvas, viewport });
    task.promise.catch((error: unknown) => {
      // A zoom or resize cancels the previous render on purpose; anything else is worth seeing.
      if ((error as { name?: string }).name !== 'RenderingCancelledException') console.error(error);
    });
    return () => task.cancel();
  }, [page, scale, near]);

  return (
    <div
      ref={(element) => {
        frameRef.current = element;
        setNodeRef(element);
        register(pageId, element);
      }}
      className={`editor-page${isOver ? ' editor-page-over' : ''}`}
      role="group"
      aria-label={label}
      data-testid={`editor-page-${pageId.replace(':', '-')}`}
      style={{ width: unscaled.width * scale, height: unscaled.height * scale }}
    >
      <canvas ref={canvasRef} className="editor-canvas" aria-hidden="true" />
      {children}
    </div>
  );
}
