import { useState, type FormEvent } from 'react';
import { Modal } from '../shared/Modal.js';
import { useTranslation } from './i18n.js';

interface DeclineDialogProps {
  busy: boolean;
  error: string | null;
  onDecline: (reason: string) => void;
  onClose: () => void;
}

const MAX_REASON = 1000;

/** Asks why the signer declines; the reason is sent to the sender and recorded in the ledger. */
export function DeclineDialog({ busy, error, onDecline, onClose }: DeclineDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onDecline(reason.trim());
  };

  return (
    <Modal title={t('sign.decline.title')} onClose={onClose} testId="decline-dialog">
      <form onSubmit={submit}>
        <p>{t('sign.decline.explain')}</p>
        <label className="input-label" htmlFor="decline-reason">
          {t('sign.decline.reason')}
        </label>
        <textarea
          id="decline-reason"
          className="text-input"
          data-testid="decline-reason"
          rows={4}
          required
          maxLength={MAX_REASON}
          value={reason}
          autoFocus
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={error ? 'decline-error' : undefined}
        />
        {error ? (
          <p id="decline-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('sign.decline.cancel')}
          </button>
          <button type="submit" className="button button-danger" data-testid="decline-confirm" disabled={busy || !reason.trim()}>
            {busy ? t('sign.decline.busy') : t('sign.decline.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
