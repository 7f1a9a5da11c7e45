import type { PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, type ReactNode } from 'react';
import { useNearViewport } from '../shared/use-near-viewport.js';

interface PdfPageViewProps {
  page: PDFPageProxy;
  /** CSS pixels available for the page; the page is scaled to fill it. */
  width: number;
  label: string;
  /** The field overlays, positioned in CSS pixels at `scaleOf(page, width)`. */
  children: ReactNode;
}

export const scaleOf = (page: PDFPageProxy, width: number): number => width / page.getViewport({ scale: 1 }).width;

/** One PDF page drawn on a canvas at device resolution, rendered once it nears the viewport. */
export function PdfPageView({ page, width, label, children }: PdfPageViewProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(frameRef);
  const unscaled = page.getViewport({ scale: 1 });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!near || !canvas || width <= 0) return;
    const pixelRatio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale: scaleOf(page, width) * pixelRatio });
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    let task: RenderTask | null = page.render({ canvas, viewport });
    task.promise
      .catch((error: unknown) => {
        // A resize cancels the previous render on purpose; anything else is worth seeing.
        if ((error as { name?: string }).name !== 'RenderingCancelledException') console.error(error);
      })
      .finally(() => {
        task = null;
      });
    return () => task?.cancel();
  }, [page, width, near]);

  return (
    <div
      ref={frameRef}
      className="pdf-page"
      role="group"
      aria-label={label}
      style={{ width, aspectRatio: `${unscaled.width} / ${unscaled.height}` }}
    >
      <canvas ref={canvasRef} className="pdf-canvas" aria-hidden="true" />
      {children}
    </div>
  );
}
