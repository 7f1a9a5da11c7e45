const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes text for an HTML element or a quoted attribute value. Written here rather than taken from a
 * package: it is five characters, and none of the chosen dependencies exports it.
 */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ENTITIES[char] ?? char);
