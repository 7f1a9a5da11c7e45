import { createElement, useEffect, useRef, type CSSProperties, type ReactElement } from 'react';
import './index.js';
import type { CountersignSenderEventMap, CountersignSigningEventMap, CountersignTemplateEditorEventMap } from './messages.js';

/** What every component takes: the URL to frame, and the element's own attributes. */
export interface CountersignFrameProps {
  /** The single-use URL; a new one reframes. */
  url: string;
  /** The frame's accessible name, instead of the element's default. */
  frameTitle?: string;
  id?: string;
  className?: string;
  style?: CSSProperties;
}

export interface CountersignSigningProps extends CountersignFrameProps {
  onLoaded?: (event: CountersignSigningEventMap['countersign.loaded']) => void;
  onSigned?: (event: CountersignSigningEventMap['countersign.signed']) => void;
  onDeclined?: (event: CountersignSigningEventMap['countersign.declined']) => void;
  onError?: (event: CountersignSigningEventMap['countersign.error']) => void;
}

export interface CountersignTemplateEditorProps extends CountersignFrameProps {
  onLoaded?: (event: CountersignTemplateEditorEventMap['countersign.loaded']) => void;
  onTemplateSaved?: (event: CountersignTemplateEditorEventMap['countersign.template.saved']) => void;
  onError?: (event: CountersignTemplateEditorEventMap['countersign.error']) => void;
}

export interface CountersignSenderProps extends CountersignFrameProps {
  onLoaded?: (event: CountersignSenderEventMap['countersign.loaded']) => void;
  onEnvelopeSent?: (event: CountersignSenderEventMap['countersign.envelope.sent']) => void;
  onError?: (event: CountersignSenderEventMap['countersign.error']) => void;
}

type Handler = ((event: never) => void) | undefined;

/**
 * A component rendering the custom element `tag`, with each of its `on…` props listening to the
 * event `events` names for it. React sets `url` on the element, which frames it; the handlers
 * are added to the element itself, as any DOM listener.
 */
const frameComponent = <Props extends CountersignFrameProps>(tag: string, events: Partial<Record<keyof Props, string>>) => {
  const handled = Object.entries(events) as [keyof Props, string][];
  return function CountersignFrame(props: Props): ReactElement {
    const ref = useRef<HTMLElement>(null);
    const handlers = handled.map(([prop]) => props[prop] as Handler);
    useEffect(() => {
      const element = ref.current;
      if (!element) return;
      const listeners = handled.flatMap(([, type], index) => {
        const handler = handlers[index];
        if (!handler) return [];
        const listener = (event: Event) => (handler as (event: Event) => void)(event);
        element.addEventListener(type, listener);
        return [{ type, listener }];
      });
      return () => listeners.forEach(({ type, listener }) => element.removeEventListener(type, listener));
      // The handlers are the dependencies (one per event, so always as many): a new function replaces the old listener.
    }, handlers);
    const { url, frameTitle, id, className, style } = props;
    return createElement(tag, { ref, url, 'frame-title': frameTitle, id, className, style });
  };
};

/** `<countersign-signing>` as a React component. */
export const CountersignSigning = frameComponent<CountersignSigningProps>('countersign-signing', {
  onLoaded: 'countersign.loaded',
  onSigned: 'countersign.signed',
  onDeclined: 'countersign.declined',
  onError: 'countersign.error',
});

/** `<countersign-template-editor>` as a React component. */
export const CountersignTemplateEditor = frameComponent<CountersignTemplateEditorProps>('countersign-template-editor', {
  onLoaded: 'countersign.loaded',
  onTemplateSaved: 'countersign.template.saved',
  onError: 'countersign.error',
});

/** `<countersign-sender>` as a React component. */
export const CountersignSender = frameComponent<CountersignSenderProps>('countersign-sender', {
  onLoaded: 'countersign.loaded',
  onEnvelopeSent: 'countersign.envelope.sent',
  onError: 'countersign.error',
});
