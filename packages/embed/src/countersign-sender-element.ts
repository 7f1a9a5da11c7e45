import { CountersignFrameElement } from './countersign-frame-element.js';
import type { CountersignSenderEventMap } from './messages.js';

/** `<countersign-sender url="…">`: the prefilled composer's URL (`generate_sender_url`). */
export class CountersignSenderElement extends CountersignFrameElement<CountersignSenderEventMap> {
  constructor() {
    super({ title: 'Countersign sender', events: ['countersign.loaded', 'countersign.envelope.sent', 'countersign.error'] });
  }
}
