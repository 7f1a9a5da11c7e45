/** The document's zoom, relative to the page fitted to the width of the screen (1). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
export const MIN_ZOOM = ZOOM_STEPS[0];
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

export const clampZoom = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The next step up from the current zoom (a pinch can leave it between steps). */
export const zoomIn = (zoom: number): number => ZOOM_STEPS.find((step) => step > zoom + 0.01) ?? MAX_ZOOM;

export const zoomOut = (zoom: number): number => [...ZOOM_STEPS].reverse().find((step) => step < zoom - 0.01) ?? MIN_ZOOM;
