import { useState, type FormEvent } from 'react';
import { Modal } from '../shared/Modal.js';
import type { ReassignRequest } from './signing-types.js';
import { useTranslation } from './i18n.js';

interface ReassignDialogProps {
  busy: boolean;
  error: string | null;
  onReassign: (request: ReassignRequest) => void;
  onClose: () => void;
}

/** Hands the recipient's step to someone else: who, and optionally why (recorded in the chain of hand-overs). */
export function ReassignDialog({ busy, error, onReassign, onClose }: ReassignDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim()) return;
    onReassign({ name: name.trim(), email: email.trim(), ...(reason.trim() ? { reason: reason.trim() } : {}) });
  };

  return (
    <Modal title={t('workflow_page.reassign.title')} onClose={onClose} testId="reassign-dialog">
      <form onSubmit={submit}>
        <p>{t('workflow_page.reassign.explain')}</p>
        <label className="input-label" htmlFor="reassign-name">
          {t('workflow_page.reassign.name')}
        </label>
        <input
          id="reassign-name"
          className="text-input"
          data-testid="reassign-name"
          required
          maxLength={255}
          autoFocus
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <label className="input-label" htmlFor="reassign-email">
          {t('workflow_page.reassign.email')}
        </label>
        <input
          id="reassign-email"
          className="text-input"
          data-testid="reassign-email"
          type="email"
          required
          maxLength={320}
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <label className="input-label" htmlFor="reassign-reason">
          {t('workflow_page.reassign.reason')}
        </label>
        <textarea
          id="reassign-reason"
          className="text-input"
          data-testid="reassign-reason"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={error ? 'reassign-error' : undefined}
        />
        {error ? (
          <p id="reassign-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('workflow_page.reassign.cancel')}
          </button>
          <button
            type="submit"
            className="button button-primary"
            data-testid="reassign-confirm"
            disabled={busy || !name.trim() || !email.trim()}
          >
            {busy ? t('workflow_page.reassign.busy') : t('workflow_page.reassign.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
