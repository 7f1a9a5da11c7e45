/**
 * HTMLElement where there is one. On a server (a React page rendered there, or the module imported
 * by Node) the module still loads; it defines no element there (define-element.ts).
 */
const ElementBase: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as unknown as typeof HTMLElement) : HTMLElement;

/** A message an element re-dispatches: one of its event map's own events. */
type OwnEvent<EventMap> = Exclude<keyof EventMap, keyof HTMLElementEventMap> & string;

export interface FrameOptions<EventMap> {
  /** The frame's accessible name when the element has no `frame-title`. */
  title: string;
  /** The messages the element re-dispatches as DOM events. */
  events: readonly OwnEvent<EventMap>[];
}

let sheet: CSSStyleSheet | undefined;

/**
 * One constructed style sheet for every element: it applies under a page's strict CSP (no
 * 'unsafe-inline' style), which a <style> element would not. The page's own rules for the element
 * (its width, margins) come first, as for any element.
 */
const frameSheet = (): CSSStyleSheet => {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(':host { display: block; } :host([hidden]) { display: none; } iframe { display: block; width: 100%; border: 0; }');
  }
  return sheet;
};

/** The URL to frame: an http(s) URL only, since a javascript: URL in the frame would run in the integrator's page. */
const frameUrlOf = (value: string | null): URL | null => {
  if (!value) return null;
  try {
    const url = new URL(value, document.baseURI);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
};

/**
 * An element that frames one of the service's single-use URLs (its `url` attribute), takes the
 * height the framed page posts (`countersign.resize {height}`), and re-dispatches the page's other
 * messages as DOM events of the same names, the message as `detail`. A message counts only when
 * its source is this element's own frame and its origin the URL's: any window can post anything,
 * and the frame itself may have been navigated elsewhere.
 */
export abstract class CountersignFrameElement<EventMap extends HTMLElementEventMap> extends ElementBase {
  static readonly observedAttributes = ['url', 'frame-title'];

  readonly #options: FrameOptions<EventMap>;
  readonly #frame: HTMLIFrameElement;
  #origin: string | null = null;

  protected constructor(options: FrameOptions<EventMap>) {
    super();
    this.#options = options;
    this.#frame = document.createElement('iframe');
    this.#frame.title = options.title;
    // The signing page asks for the signer's location when the envelope requires it.
    this.#frame.allow = 'geolocation';
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [frameSheet()];
    root.append(this.#frame);
  }

  /** The URL the element frames: its `url` attribute. A URL is single use, so each display needs a new one. */
  get url(): string {
    return this.getAttribute('url') ?? '';
  }

  set url(value: string) {
    this.setAttribute('url', value);
  }

  connectedCallback(): void {
    window.addEventListener('message', this.#onMessage);
  }

  disconnectedCallback(): void {
    window.removeEventListener('message', this.#onMessage);
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (previous === value) return;
    if (name === 'frame-title') {
      this.#frame.title = value || this.#options.title;
      return;
    }
    const url = frameUrlOf(value);
    this.#origin = url?.origin ?? null;
    this.#frame.src = url?.href ?? 'about:blank';
  }

  override addEventListener<K extends keyof EventMap & string>(
    type: K,
    listener: (this: this, event: EventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void {
    super.addEventListener(type, listener, options);
  }

  override removeEventListener<K extends keyof EventMap & string>(
    type: K,
    listener: (this: this, event: EventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void {
    super.removeEventListener(type, listener, options);
  }

  readonly #onMessage = (event: MessageEvent): void => {
    if (event.source === null || event.source !== this.#frame.contentWindow || event.origin !== this.#origin) return;
    const message: unknown = event.data;
    if (typeof message !== 'object' || message === null) return;
    const { type, height } = message as { type?: unknown; height?: unknown };
    if (type === 'countersign.resize') {
      if (typeof height === 'number' && Number.isFinite(height) && height >= 0) this.#frame.style.height = `${Math.ceil(height)}px`;
      return;
    }
    if (typeof type === 'string' && (this.#options.events as readonly string[]).includes(type))
      this.dispatchEvent(new CustomEvent(type, { detail: message, bubbles: true, composed: true }));
  };
}
