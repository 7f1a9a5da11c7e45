// What the service's framed pages post to their parent, and so the `detail` of the DOM events the
// elements dispatch: the message as posted, `type` included.

/** The signing page has loaded. */
export interface SigningLoadedMessage {
  type: 'countersign.loaded';
  envelope_id: string;
}

/** The signer signed. */
export interface SignedMessage {
  type: 'countersign.signed';
  envelope_id: string;
}

/** The signer declined. */
export interface DeclinedMessage {
  type: 'countersign.declined';
  envelope_id: string;
}

/** Something failed on the signing page; `envelope_id` is null when the URL is spent or expired. */
export interface SigningErrorMessage {
  type: 'countersign.error';
  envelope_id: string | null;
}

/** A builder is ready: the template editor (`template`) or the composer (`compose`). */
export interface BuilderLoadedMessage {
  type: 'countersign.loaded';
  kind: 'template' | 'compose';
}

/** The template editor saved the template's roles and fields. */
export interface TemplateSavedMessage {
  type: 'countersign.template.saved';
  template_id: string;
}

/** The composer created and sent the envelope. */
export interface EnvelopeSentMessage {
  type: 'countersign.envelope.sent';
  envelope_id: string;
}

/** A builder operation failed, or the builder could not open: the API's error code. */
export interface BuilderErrorMessage {
  type: 'countersign.error';
  error_code: string;
}

/** `<countersign-signing>`'s events. */
export interface CountersignSigningEventMap extends HTMLElementEventMap {
  'countersign.loaded': CustomEvent<SigningLoadedMessage>;
  'countersign.signed': CustomEvent<SignedMessage>;
  'countersign.declined': CustomEvent<DeclinedMessage>;
  'countersign.error': CustomEvent<SigningErrorMessage>;
}

/** `<countersign-template-editor>`'s events. */
export interface CountersignTemplateEditorEventMap extends HTMLElementEventMap {
  'countersign.loaded': CustomEvent<BuilderLoadedMessage>;
  'countersign.template.saved': CustomEvent<TemplateSavedMessage>;
  'countersign.error': CustomEvent<BuilderErrorMessage>;
}

/** `<countersign-sender>`'s events. */
export interface CountersignSenderEventMap extends HTMLElementEventMap {
  'countersign.loaded': CustomEvent<BuilderLoadedMessage>;
  'countersign.envelope.sent': CustomEvent<EnvelopeSentMessage>;
  'countersign.error': CustomEvent<BuilderErrorMessage>;
}
