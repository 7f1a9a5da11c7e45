import { useState, type KeyboardEvent } from 'react';
import { Modal } from '../shared/Modal.js';
import { DrawPad } from './DrawPad.js';
import type { AdoptedMark } from './signing-types.js';
import type { MarkKind } from './use-signing-form.js';
import { useTranslation } from './i18n.js';

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
  const [typed, setTyped] = useState((current?.type === 'typed' ? current.text : undefined) ?? suggestedText);
  const { t } = useTranslation();
  const words = (key: string) => t(`sign.adopt.${kind === 'initials' ? 'initials' : 'signature'}.${key}`);

  const mark = markOf(tab, drawn, typed);

  // Arrow keys move between tabs, as the WAI-ARIA tabs pattern expects.
  const onTabKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] ?? 'draw';
    setTab(next);
    document.getElementById(`adopt-tab-${next}`)?.focus();
  };

  return (
    <Modal title={words('title')} onClose={onClose} testId="adopt-dialog">
      <div role="tablist" aria-label={words('tabs')} className="tabs" onKeyDown={onTabKey}>
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
            {name === 'draw' ? t('sign.adopt.draw') : t('sign.adopt.type')}
          </button>
        ))}
      </div>
      {/* Both panels stay mounted so a drawing survives a look at the other tab. */}
      <div id="adopt-panel-draw" role="tabpanel" aria-labelledby="adopt-tab-draw" className="tab-panel" hidden={tab !== 'draw'}>
        <p className="hint">{words('drawHint')}</p>
        <DrawPad label={words('drawArea')} clearLabel={t('sign.adopt.clear')} onChange={setDrawn} />
      </div>
      <div id="adopt-panel-type" role="tabpanel" aria-labelledby="adopt-tab-type" className="tab-panel" hidden={tab !== 'type'}>
        <label className="input-label" htmlFor="adopt-typed">
          {words('typeLabel')}
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
      <p className="legal-note">{words('legal')}</p>
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('sign.adopt.cancel')}
        </button>
        <button
          type="button"
          className="button button-primary"
          data-testid="adopt-signature"
          disabled={!mark}
          onClick={() => mark && onAdopt(mark)}
        >
          {words('adopt')}
        </button>
      </div>
    </Modal>
  );
}
