import { useState, type KeyboardEvent } from 'react';
import { Modal } from '../shared/Modal.js';
import { DrawPad } from './DrawPad.js';
import type { AdoptedMark } from './signing-types.js';
import type { MarkKind } from './use-signing-form.js';

interface AdoptMarkDialogProps {
  kind: MarkKind;
  /** What the Type tab starts with: the signer's name, or its initials. */
  suggestedText: string;
  current: AdoptedMark | undefined;
  onAdopt: (mark: AdoptedMark) => void;
  onClose: () => void;
}

type Tab = 'draw' | 'type';
const TABS: Tab[] = ['draw', 'type'];

/** The mark the Adopt button would adopt from the visible tab, or null while that tab is empty. */
const markOf = (tab: Tab, drawnPng: string | null, typedText: string): AdoptedMark | null => {
  if (tab === 'draw') return drawnPng ? { type: 'drawn', image_png_base64: drawnPng } : null;
  const text = typedText.trim();
  return text ? { type: 'typed', text } : null;
};

/** "Adopt your signature": draw it with signature_pad or type it in a script face. */
export function AdoptMarkDialog({ kind, suggestedText, current, onAdopt, onClose }: AdoptMarkDialogProps) {
  const [tab, setTab] = useState<Tab>(current?.type === 'typed' ? 'type' : 'draw');
  const [drawn, setDrawn] = useState<string | null>(null);
  const [typed, setTyped] = useState(current?.type === 'typed' ? current.text : suggestedText);
  const noun = kind === 'initials' ? 'initials' : 'signature';

  const mark = markOf(tab, drawn, typed);

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] ?? 'draw';
    setTab(next);
    document.getElementById(`adopt-tab-${next}`)?.focus();
  };

  return (
    <Modal title={`Adopt your ${noun}`} onClose={onClose} testId="adopt-dialog">
      <div role="tablist" aria-label={`How to make your ${noun}`} className="tabs" onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`adopt-tab-${name}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === name}
            aria-controls={`adopt-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            data-testid={`adopt-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {name === 'draw' ? 'Draw' : 'Type'}
          </button>
        ))}
      </div>
      {/* Both panels stay mounted so a drawing survives a look at the other tab. */}
      <div id="adopt-panel-draw" role="tabpanel" aria-labelledby="adopt-tab-draw" className="tab-panel" hidden={tab !== 'draw'}>
        <p className="hint">Draw your {noun} with a mouse, finger or stylus.</p>
        <DrawPad label={`Drawing area for your ${noun}`} onChange={setDrawn} />
      </div>
      <div id="adopt-panel-type" role="tabpanel" aria-labelledby="adopt-tab-type" className="tab-panel" hidden={tab !== 'type'}>
        <label className="input-label" htmlFor="adopt-typed">
          Type your {noun}
        </label>
        <input
          id="adopt-typed"
          className="text-input typed-mark-input"
          data-testid="type-signature-input"
          value={typed}
          maxLength={kind === 'initials' ? 10 : 100}
          autoComplete={kind === 'initials' ? 'off' : 'name'}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <p className="legal-note">
        By selecting Adopt, I agree that this mark is the electronic representation of my {noun} wherever I use it on these documents, just
        as a pen-and-paper {noun}.
      </p>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          data-testid="adopt-signature"
          disabled={!mark}
          onClick={() => mark && onAdopt(mark)}
        >
          Adopt and {kind === 'initials' ? 'initial' : 'sign'}
        </button>
      </div>
    </Modal>
  );
}
