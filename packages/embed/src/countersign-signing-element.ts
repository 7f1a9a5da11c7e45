import { CountersignFrameElement } from './countersign-frame-element.js';
import type { CountersignSigningEventMap } from './messages.js';

/** `<countersign-signing url="…">`: a signer's embedded signing URL (`generate_embedded_url`). */
export class CountersignSigningElement extends CountersignFrameElement<CountersignSigningEventMap> {
  constructor() {
    super({
      title: 'Countersign signing',
      events: ['countersign.loaded', 'countersign.signed', 'countersign.declined', 'countersign.error'],
    });
  }
}
