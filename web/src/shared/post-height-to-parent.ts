/**
 * Tells the page that frames this one how tall its content is (`countersign.resize {height}`), so
 * that a frame sized by it (the @countersign/embed elements) shows the whole page without a scroll
 * bar of its own. The root element's box is measured, not the viewport: its height is the content's
 * whatever the frame's, so a frame grown to a posted height never makes the next one larger.
 * The target origin is '*' as for the other events: a height is no secret.
 */
export const postHeightToParent = (): void => {
  if (window.parent === window) return;
  let posted = -1;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    // Before the app's first render the document is empty: no height worth collapsing the frame to.
    if (height === posted || height === 0) return;
    posted = height;
    window.parent.postMessage({ type: 'countersign.resize', height }, '*');
  }).observe(document.documentElement);
};
