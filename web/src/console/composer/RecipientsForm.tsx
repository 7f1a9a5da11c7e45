import { useId } from 'react';
import { newKey } from '../../editor/field-model.js';
import { useT } from '../i18n.js';
import { PersonFields } from './PersonFields.js';

export type Flow = 'Parallel' | 'Sequential' | 'Hybrid';

const FLOWS: readonly Flow[] = ['Parallel', 'Sequential', 'Hybrid'];

export interface SignerDraft {
  key: string;
  name: string;
  email: string;
  order: number;
}

export interface ObserverDraft {
  key: string;
  name: string;
  email: string;
}

export const newSigner = (order: number): SignerDraft => ({ key: newKey(), name: '', email: '', order });
export const newObserver = (): ObserverDraft => ({ key: newKey(), name: '', email: '' });

interface RecipientsFormProps {
  flow: Flow;
  onFlow: (flow: Flow) => void;
  signers: SignerDraft[];
  onSigners: (signers: SignerDraft[]) => void;
  observers: ObserverDraft[];
  onObservers: (observers: ObserverDraft[]) => void;
}

/**
 * The three signing orders as one radio group (arrow keys move between them), each a card of the same
 * shape: its name and a line saying what it does. The whole card chooses it.
 */
function FlowChoices({ flow, onFlow }: { flow: Flow; onFlow: (flow: Flow) => void }) {
  const t = useT('composer');
  const id = useId();
  return (
    <fieldset className="form-fieldset" role="radiogroup" aria-labelledby={`${id}-legend`}>
      <legend id={`${id}-legend`}>{t('flow.legend')}</legend>
      <div className="flow-choices">
        {FLOWS.map((choice) => (
          <div key={choice} className="flow-choice" data-testid={`flow-${choice}`}>
            <label className="flow-choice-label">
              <input
                type="radio"
                name={`${id}-flow`}
                value={choice}
                checked={flow === choice}
                onChange={() => onFlow(choice)}
                aria-describedby={`${id}-${choice}`}
              />
              {t(`flow.${choice}.name`)}
            </label>
            <p id={`${id}-${choice}`} className="hint flow-hint">
              {t(`flow.${choice}.hint`)}
            </p>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Signers (name, e-mail, order, the colour of their fields) and observers, and the flow that orders the signers. */
export function RecipientsForm({ flow, onFlow, signers, onSigners, observers, onObservers }: RecipientsFormProps) {
  const t = useT('composer');
  const ordered = flow !== 'Parallel';
  const setSigner = (key: string, patch: Partial<SignerDraft>) => onSigners(signers.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const setObserver = (key: string, patch: Partial<ObserverDraft>) =>
    onObservers(observers.map((o) => (o.key === key ? { ...o, ...patch } : o)));

  return (
    <>
      <FlowChoices flow={flow} onFlow={onFlow} />

      <fieldset className="form-fieldset">
        <legend>{t('signers.legend')}</legend>
        <ol className="recipient-list">
          {signers.map((signer, index) => (
            <li key={signer.key} className="recipient-row" data-testid="signer-row">
              <PersonFields
                name={signer.name}
                email={signer.email}
                colourIndex={index}
                onChange={(change) => setSigner(signer.key, change)}
              />
              {ordered && (
                <label className="editor-label recipient-order">
                  {t('signers.order')}
                  <input
                    className="text-input"
                    type="number"
                    min={1}
                    max={1000}
                    value={signer.order}
                    onChange={(e) => setSigner(signer.key, { order: Math.max(1, Math.min(1000, Math.round(Number(e.target.value) || 1))) })}
                  />
                </label>
              )}
              <button
                type="button"
                className="button button-link recipient-remove"
                disabled={signers.length === 1}
                aria-label={t('signers.remove', { number: index + 1 })}
                onClick={() => onSigners(signers.filter((s) => s.key !== signer.key))}
              >
                {t('remove')}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button-secondary"
          disabled={signers.length >= 50}
          onClick={() => onSigners([...signers, newSigner(Math.max(0, ...signers.map((s) => s.order)) + 1)])}
        >
          {t('signers.add')}
        </button>
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>{t('observers.legend')}</legend>
        <p className="hint">{t('observers.hint')}</p>
        {observers.length > 0 && (
          <ol className="recipient-list">
            {observers.map((observer, index) => (
              <li key={observer.key} className="recipient-row">
                <PersonFields name={observer.name} email={observer.email} onChange={(change) => setObserver(observer.key, change)} />
                <button
                  type="button"
                  className="button button-link recipient-remove"
                  aria-label={t('observers.remove', { number: index + 1 })}
                  onClick={() => onObservers(observers.filter((o) => o.key !== observer.key))}
                >
                  {t('remove')}
                </button>
              </li>
            ))}
          </ol>
        )}
        <button
          type="button"
          className="button button-secondary"
          disabled={observers.length >= 50}
          onClick={() => onObservers([...observers, newObserver()])}
        >
          {t('observers.add')}
        </button>
      </fieldset>
    </>
  );
}
