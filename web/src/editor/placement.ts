/** A rectangle on screen, in CSS pixels of the viewport. */
export interface ScreenRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A box on a page, in PDF points from its top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A page as the editor shows it: its size in points and where it is drawn on screen. */
export interface ShownPage {
  id: string;
  width: number;
  height: number;
  rect: ScreenRect;
}

export interface PlacementRequest {
  pages: readonly ShownPage[];
  /** What the person sees of the pages: the window, cut to the editor's scroll area. */
  viewport: ScreenRect;
  /** The pointer, when the action came from a pointer (a drop); a point outside every page is ignored. */
  pointer?: { x: number; y: number } | null;
  size: { width: number; height: number };
  /** The fields already placed, per page id. */
  occupied: (pageId: string) => readonly Box[];
}

export interface Placement extends Box {
  pageId: string;
}

/** Space kept between a new field and its neighbours, in points: near enough to line up, apart enough to grab. */
export const FIELD_GAP = 6;

const intersect = (a: ScreenRect, b: ScreenRect): ScreenRect | null => {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return right > left && bottom > top ? { left, top, width: right - left, height: bottom - top } : null;
};

const contains = (rect: ScreenRect, point: { x: number; y: number }): boolean =>
  point.x >= rect.left && point.x <= rect.left + rect.width && point.y >= rect.top && point.y <= rect.top + rect.height;

/** How far a rectangle is from the viewport, vertically first (pages are stacked). */
const distance = (rect: ScreenRect, viewport: ScreenRect): number => {
  const below = rect.top - (viewport.top + viewport.height);
  const above = viewport.top - (rect.top + rect.height);
  return Math.max(below, above, 0);
};

/** The page the person is looking at: the one with the most area in view; none in view, the nearest one. */
export const lookedAtPage = (pages: readonly ShownPage[], viewport: ScreenRect): ShownPage | null => {
  let best: { page: ShownPage; area: number; distance: number } | null = null;
  for (const page of pages) {
    const seen = intersect(page.rect, viewport);
    const area = seen ? seen.width * seen.height : 0;
    const away = distance(page.rect, viewport);
    if (!best || area > best.area || (area === 0 && best.area === 0 && away < best.distance)) best = { page, area, distance: away };
  }
  return best?.page ?? null;
};

const overlaps = (a: Box, b: Box, gap: number): boolean =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

const within = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), Math.max(min, max));

/**
 * The free spot nearest to `wanted` for a box of `wanted`'s size on a page of `page` size, clear of
 * `taken` by `gap`, preferably inside `preferred` (the part of the page in view). The nearest free
 * spot has each coordinate where it was wanted or against an edge (of a field, of the page, of the
 * view), so those are the only candidates. A page with no free spot keeps the wanted spot.
 */
export const nearestFreeSpot = (
  wanted: Box,
  page: { width: number; height: number },
  taken: readonly Box[],
  preferred: Box = { x: 0, y: 0, width: page.width, height: page.height },
  gap = FIELD_GAP,
): Box => {
  const maxX = page.width - wanted.width;
  const maxY = page.height - wanted.height;
  const start = { ...wanted, x: within(wanted.x, 0, maxX), y: within(wanted.y, 0, maxY) };
  if (!taken.some((box) => overlaps(start, box, gap))) return start;

  const xs = new Set([start.x, 0, maxX, preferred.x, preferred.x + preferred.width - wanted.width]);
  const ys = new Set([start.y, 0, maxY, preferred.y, preferred.y + preferred.height - wanted.height]);
  for (const box of taken) {
    xs.add(box.x + box.width + gap);
    xs.add(box.x - gap - wanted.width);
    ys.add(box.y + box.height + gap);
    ys.add(box.y - gap - wanted.height);
  }
  const inView = (box: Box) =>
    box.x >= preferred.x - 0.01 &&
    box.y >= preferred.y - 0.01 &&
    box.x + box.width <= preferred.x + preferred.width + 0.01 &&
    box.y + box.height <= preferred.y + preferred.height + 0.01;

  let best: { box: Box; seen: boolean; cost: number } | null = null;
  for (const x of xs) {
    if (x < 0 || x > maxX) continue;
    for (const y of ys) {
      if (y < 0 || y > maxY) continue;
      const box = { ...wanted, x, y };
      if (taken.some((other) => overlaps(box, other, gap))) continue;
      const seen = inView(box);
      const cost = Math.hypot(x - start.x, y - start.y);
      if (!best || (seen && !best.seen) || (seen === best.seen && cost < best.cost)) best = { box, seen, cost };
    }
  }
  return best?.box ?? start;
};

/**
 * Where "add field" puts a new field: on the page under the pointer at the pointer, else on the page
 * most in view at the centre of what is in view of it; nudged to the nearest free spot when that
 * spot is taken, and always inside the page. Null when there is no page.
 */
export const placeNewField = ({ pages, viewport, pointer, size, occupied }: PlacementRequest): Placement | null => {
  const pointed = pointer ? pages.find((page) => contains(page.rect, pointer)) : undefined;
  const page = pointed ?? lookedAtPage(pages, viewport);
  if (!page) return null;
  const scale = page.rect.width / page.width;
  const toPoints = (x: number, y: number) => ({ x: (x - page.rect.left) / scale, y: (y - page.rect.top) / scale });

  const seen = intersect(page.rect, viewport);
  const view = seen
    ? { ...toPoints(seen.left, seen.top), width: seen.width / scale, height: seen.height / scale }
    : { x: 0, y: 0, width: page.width, height: page.height };
  const centre = pointed && pointer ? toPoints(pointer.x, pointer.y) : { x: view.x + view.width / 2, y: view.y + view.height / 2 };

  const width = Math.min(size.width, page.width);
  const height = Math.min(size.height, page.height);
  // Whole points, as a person would type them; the gap keeps a rounded spot clear of its neighbours.
  const wanted = { x: Math.round(centre.x - width / 2), y: Math.round(centre.y - height / 2), width, height };
  const spot = nearestFreeSpot(wanted, page, occupied(page.id), view);
  return {
    pageId: page.id,
    ...spot,
    x: within(Math.round(spot.x), 0, Math.floor(page.width - width)),
    y: within(Math.round(spot.y), 0, Math.floor(page.height - height)),
  };
};
