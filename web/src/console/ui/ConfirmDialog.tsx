import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { Modal } from '../../shared/Modal.js';
import type { ApiFailure } from '../../shared/api-failure.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { useT } from '../i18n.js';

interface ConfirmDialogProps {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  error: ApiFailure | null;
  danger?: boolean;
  /** The question, and any inputs the action needs (they are inside the dialog's form). */
  children: ReactNode;
  testId?: string;
  /**
   * The confirm button takes focus as the dialog opens, so Enter confirms: for a question with nothing
   * to fill in and nothing lost by saying yes. Otherwise showModal focuses the first button, Close.
   */
  focusConfirm?: boolean;
}

/** A question before an action that cannot be undone; the API's refusal is shown inside it. */
export function ConfirmDialog({
  title,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
  error,
  danger,
  children,
  testId,
  focusConfirm,
}: ConfirmDialogProps) {
  const t = useT('common');
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Runs after the Modal's own effect has opened the dialog, whose opening moves focus to Close.
  useEffect(() => {
    if (focusConfirm) confirmRef.current?.focus();
  }, [focusConfirm]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <form onSubmit={submit}>
        {children}
        <ErrorNotice error={error} />
        <div className="modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('close')}
          </button>
          <button type="submit" className={`button ${danger ? 'button-danger' : 'button-primary'}`} disabled={busy} ref={confirmRef}>
            {busy ? t('working') : confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
