import { CountersignSenderElement } from './countersign-sender-element.js';
import { CountersignSigningElement } from './countersign-signing-element.js';
import { CountersignTemplateEditorElement } from './countersign-template-editor-element.js';
import { defineElement } from './define-element.js';

export { CountersignFrameElement } from './countersign-frame-element.js';
export { CountersignSenderElement, CountersignSigningElement, CountersignTemplateEditorElement };
export type * from './messages.js';

declare global {
  interface HTMLElementTagNameMap {
    'countersign-signing': CountersignSigningElement;
    'countersign-template-editor': CountersignTemplateEditorElement;
    'countersign-sender': CountersignSenderElement;
  }
}

// Importing the module defines the elements: a page needs nothing but <script type="module" src="…/index.js">.
defineElement('countersign-signing', CountersignSigningElement);
defineElement('countersign-template-editor', CountersignTemplateEditorElement);
defineElement('countersign-sender', CountersignSenderElement);
