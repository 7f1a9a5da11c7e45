import { useId } from 'react';
import { useT } from '../i18n.js';
import { PersonFields } from './PersonFields.js';
import type { HostChoice } from '../../editor/SignerRoleFields.js';
import { SignerEntry } from './SignerEntry.js';
import { newGroup, newObserver, newSigner, type Flow, type ObserverDraft, type SignerDraft } from './signer-drafts.js';
import '../../editor/workflow-forms.css';

export { newObserver, newSigner, type Flow, type ObserverDraft, type SignerDraft };

const FLOWS: readonly Flow[] = ['Parallel', 'Sequential', 'Hybrid'];

interface RecipientsFormProps {
  flow: Flow;
  onFlow: (flow: Flow) => void;
  signers: SignerDraft[];
  onSigners: (signers: SignerDraft[]) => void;
  observers: ObserverDraft[];
  onObservers: (observers: ObserverDraft[]) => void;
  /** The account users who may host an in-person signing; the first is the default. */
  hosts: readonly HostChoice[];
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

/**
 * Signers (a person in a role, or a signing group; the colour of their fields), observers, and the
 * flow that orders the signers.
 */
export function RecipientsForm({ flow, onFlow, signers, onSigners, observers, onObservers, hosts }: RecipientsFormProps) {
  const t = useT('composer');
  const w = useT('workflows');
  const ordered = flow !== 'Parallel';
  const setSigner = (key: string, next: SignerDraft) => onSigners(signers.map((s) => (s.key === key ? next : s)));
  const setObserver = (key: string, patch: Partial<ObserverDraft>) =>
    onObservers(observers.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  const nextOrder = Math.max(0, ...signers.map((s) => s.order)) + 1;

  return (
    <>
      <FlowChoices flow={flow} onFlow={onFlow} />

      <fieldset className="form-fieldset">
        <legend>{t('signers.legend')}</legend>
        <ol className="recipient-list signer-entries">
          {signers.map((signer, index) => (
            <SignerEntry
              key={signer.key}
              signer={signer}
              index={index}
              signers={signers}
              ordered={ordered}
              hosts={hosts}
              onChange={(next) => setSigner(signer.key, next)}
              onRemove={signers.length === 1 ? null : () => onSigners(signers.filter((s) => s.key !== signer.key))}
            />
          ))}
        </ol>
        <div className="entry-actions">
          <button
            type="button"
            className="button button-secondary"
            disabled={signers.length >= 50}
            onClick={() => onSigners([...signers, newSigner(nextOrder)])}
          >
            {t('signers.add')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={signers.length >= 50}
            onClick={() => onSigners([...signers, newGroup(nextOrder)])}
            data-testid="add-group"
          >
            {w('group.add')}
          </button>
        </div>
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
