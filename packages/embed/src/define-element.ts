/**
 * Defines the element unless its name is taken: the module may be loaded twice (two copies of the
 * package, or a page and a bundle), and a second definition would throw. Where there is no
 * custom element registry (a server), nothing is defined.
 */
export const defineElement = (name: string, element: CustomElementConstructor): void => {
  if (typeof customElements === 'undefined' || customElements.get(name)) return;
  customElements.define(name, element);
};
