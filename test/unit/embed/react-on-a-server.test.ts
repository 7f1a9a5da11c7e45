import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { CountersignSender, CountersignSigning, CountersignTemplateEditor } from '../../../packages/embed/src/react.js';

// Node has no DOM: what a server-side render of an integrator's React page meets.
describe('the React wrapper (@countersign/embed/react) rendered on a server', () => {
  it('imports without a DOM and defines nothing there', () => {
    assert.equal(typeof globalThis.customElements, 'undefined');
    assert.equal(typeof globalThis.HTMLElement, 'undefined');
  });

  it('renders the custom element with url, frame-title, class and style as attributes, and no handler', () => {
    const html = renderToString(
      createElement(CountersignSigning, {
        url: 'https://sign.example.com/sign/cs_abc?embed=1',
        frameTitle: 'Sign the agreement',
        className: 'signing',
        style: { maxWidth: 960 },
        onSigned: () => undefined,
      }),
    );
    assert.equal(
      html,
      '<countersign-signing url="https://sign.example.com/sign/cs_abc?embed=1" frame-title="Sign the agreement" class="signing" style="max-width:960px"></countersign-signing>',
    );
  });

  it('renders each component as its own element', () => {
    const url = 'https://sign.example.com/embed/template/bt_abc';
    assert.equal(
      renderToString(createElement(CountersignTemplateEditor, { url })),
      `<countersign-template-editor url="${url}"></countersign-template-editor>`,
    );
    assert.equal(renderToString(createElement(CountersignSender, { url })), `<countersign-sender url="${url}"></countersign-sender>`);
  });
});
