import { useState, type FormEvent } from 'react';
import { Modal } from '../shared/Modal.js';
import { useTranslation } from './i18n.js';

interface SendBackDialogProps {
  busy: boolean;
  error: string | null;
  onSendBack: (comment: string) => void;
  onClose: () => void;
}

/** Returns the envelope to its sender for correction, with the comment saying what to change. */
export function SendBackDialog({ busy, error, onSendBack, onClose }: SendBackDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (comment.trim()) onSendBack(comment.trim());
  };

  return (
    <Modal title={t('workflow_page.sendBack.title')} onClose={onClose} testId="send-back-dialog">
      <form onSubmit={submit}>
        <p>{t('workflow_page.sendBack.explain')}</p>
        <label className="input-label" htmlFor="send-back-comment">
          {t('workflow_page.sendBack.comment')}
        </label>
        <textarea
          id="send-back-comment"
          className="text-input"
          data-testid="send-back-comment"
          rows={4}
          required
          maxLength={1000}
          autoFocus
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          aria-describedby={error ? 'send-back-error' : undefined}
        />
        {error ? (
          <p id="send-back-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('workflow_page.sendBack.cancel')}
          </button>
          <button type="submit" className="button button-primary" data-testid="send-back-confirm" disabled={busy || !comment.trim()}>
            {busy ? t('workflow_page.sendBack.busy') : t('workflow_page.sendBack.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
