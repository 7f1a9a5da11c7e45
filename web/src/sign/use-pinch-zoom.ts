import { useEffect, useRef, type RefObject } from 'react';
import { clampZoom } from './zoom.js';

const distance = (touches: TouchList): number => {
  const [a, b] = [touches[0]!, touches[1]!];
  return Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
};

/**
 * Two fingers on the documents zoom them (the pages are drawn again at the new width, so the text
 * stays sharp); one finger still scrolls. The area's CSS (touch-action: pan-x pan-y) keeps the
 * browser from zooming the whole page, action bar included, instead.
 */
export const usePinchZoom = (ref: RefObject<HTMLElement | null>, zoom: number, onZoom: (zoom: number) => void): void => {
  // The listeners live as long as the element: a pinch spans many zoom changes.
  const current = useRef({ zoom, onZoom });
  current.current = { zoom, onZoom };
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let start: { distance: number; zoom: number } | null = null;
    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 2) start = { distance: distance(event.touches), zoom: current.current.zoom };
    };
    const onMove = (event: TouchEvent) => {
      if (!start || event.touches.length !== 2 || start.distance === 0) return;
      event.preventDefault();
      current.current.onZoom(clampZoom((start.zoom * distance(event.touches)) / start.distance));
    };
    const onEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) start = null;
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', onEnd);
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onEnd);
    };
  }, [ref]);
};
