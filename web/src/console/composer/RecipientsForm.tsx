import { newKey } from '../../editor/field-model.js';
import { PersonFields } from './PersonFields.js';

export type Flow = 'Parallel' | 'Sequential' | 'Hybrid';

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

export const FLOW_HINTS: Record<Flow, string> = {
  Parallel: 'Everyone is invited at once and signs in any order.',
  Sequential: 'One signer at a time, in the order given.',
  Hybrid: 'Groups in ascending order; signers with the same order sign at the same time.',
};

interface RecipientsFormProps {
  flow: Flow;
  onFlow: (flow: Flow) => void;
  signers: SignerDraft[];
  onSigners: (signers: SignerDraft[]) => void;
  observers: ObserverDraft[];
  onObservers: (observers: ObserverDraft[]) => void;
}

/** Signers (name, e-mail, order) and observers, and the flow that orders the signers. */
export function RecipientsForm({ flow, onFlow, signers, onSigners, observers, onObservers }: RecipientsFormProps) {
  const ordered = flow !== 'Parallel';
  const setSigner = (key: string, patch: Partial<SignerDraft>) => onSigners(signers.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const setObserver = (key: string, patch: Partial<ObserverDraft>) =>
    onObservers(observers.map((o) => (o.key === key ? { ...o, ...patch } : o)));

  return (
    <>
      <fieldset className="form-fieldset">
        <legend>Signing order</legend>
        <div className="flow-choices">
          {(['Parallel', 'Sequential', 'Hybrid'] as const).map((choice) => (
            <label key={choice} className="flow-choice">
              <input type="radio" name="flow" value={choice} checked={flow === choice} onChange={() => onFlow(choice)} />
              <span>
                <strong>{choice}</strong>
                <span className="hint flow-hint">{FLOW_HINTS[choice]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Signers</legend>
        <ol className="recipient-list">
          {signers.map((signer, index) => (
            <li key={signer.key} className="recipient-row" data-testid="signer-row">
              <PersonFields name={signer.name} email={signer.email} onChange={(change) => setSigner(signer.key, change)} />
              {ordered && (
                <label className="editor-label recipient-order">
                  Order
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
                onClick={() => onSigners(signers.filter((s) => s.key !== signer.key))}
              >
                Remove<span className="visually-hidden"> signer {index + 1}</span>
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
          Add signer
        </button>
      </fieldset>

      <fieldset className="form-fieldset">
        <legend>Observers</legend>
        <p className="hint">Observers receive a copy of the signed documents; they do not sign.</p>
        {observers.length > 0 && (
          <ol className="recipient-list">
            {observers.map((observer, index) => (
              <li key={observer.key} className="recipient-row">
                <PersonFields name={observer.name} email={observer.email} onChange={(change) => setObserver(observer.key, change)} />
                <button
                  type="button"
                  className="button button-link recipient-remove"
                  onClick={() => onObservers(observers.filter((o) => o.key !== observer.key))}
                >
                  Remove<span className="visually-hidden"> observer {index + 1}</span>
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
          Add observer
        </button>
      </fieldset>
    </>
  );
}
