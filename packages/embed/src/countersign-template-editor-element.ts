import { CountersignFrameElement } from './countersign-frame-element.js';
import type { CountersignTemplateEditorEventMap } from './messages.js';

/** `<countersign-template-editor url="…">`: a template's edit URL (`generate_edit_url`). */
export class CountersignTemplateEditorElement extends CountersignFrameElement<CountersignTemplateEditorEventMap> {
  constructor() {
    super({ title: 'Countersign template editor', events: ['countersign.loaded', 'countersign.template.saved', 'countersign.error'] });
  }
}
