import { useId, useState } from 'react';
import type { ApiBody } from '../../shared/api-types.js';
import { useApiMutation } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import type { SignerDetails } from './envelope-types.js';

interface ActionProps {
  envelopeId: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

/** Every action changes the envelope, its history and the list: all three are asked again. */
const REFRESHED = [['/envelopes']];

export function RemindDialog({ envelopeId, signer, onClose, onDone }: ActionProps & { signer: SignerDetails }) {
  const t = useT('envelopes');
  const remind = useApiMutation(
    () =>
      consoleApi.request('POST', `/envelopes/${envelopeId}/remind_signer`, {
        signer_email: signer.email,
      } satisfies ApiBody<'remindSigner'>),
    REFRESHED,
  );
  return (
    <ConfirmDialog
      title={t('remind.title', { name: signer.name })}
      confirmLabel={t('remind.confirm')}
      busy={remind.isPending}
      error={remind.error}
      onClose={onClose}
      onConfirm={() => remind.mutate(undefined, { onSuccess: () => onDone(t('remind.done', { email: signer.email })) })}
      testId="remind-dialog"
    >
      <p>{t('remind.text', { email: signer.email })}</p>
    </ConfirmDialog>
  );
}

export function CancelDialog({ envelopeId, onClose, onDone }: ActionProps) {
  const t = useT('envelopes');
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const cancel = useApiMutation(
    () =>
      consoleApi.request('POST', `/envelopes/${envelopeId}/cancel`, { cancel_reason: reason.trim() } satisfies ApiBody<'cancelEnvelope'>),
    REFRESHED,
  );
  return (
    <ConfirmDialog
      title={t('cancel.title')}
      confirmLabel={t('cancel.confirm')}
      danger
      busy={cancel.isPending || !reason.trim()}
      error={cancel.error}
      onClose={onClose}
      onConfirm={() => cancel.mutate(undefined, { onSuccess: () => onDone(t('cancel.done')) })}
      testId="cancel-dialog"
    >
      <p>{t('cancel.text')}</p>
      <label className="input-label" htmlFor={reasonId}>
        {t('cancel.reason')}
      </label>
      <textarea
        id={reasonId}
        className="text-input"
        rows={3}
        maxLength={1000}
        required
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  );
}

export function ExtendDialog({ envelopeId, onClose, onDone }: ActionProps) {
  const t = useT('envelopes');
  const [days, setDays] = useState('7');
  const daysId = useId();
  const count = Number(days);
  const valid = Number.isInteger(count) && count >= 1 && count <= 365;
  const extend = useApiMutation(
    () =>
      consoleApi.request('PUT', `/envelopes/${envelopeId}/extend_signing_due_date`, {
        extend_by_days: count,
      } satisfies ApiBody<'extendSigningDueDate'>),
    REFRESHED,
  );
  return (
    <ConfirmDialog
      title={t('extend.title')}
      confirmLabel={t('extend.confirm')}
      busy={extend.isPending || !valid}
      error={extend.error}
      onClose={onClose}
      onConfirm={() => extend.mutate(undefined, { onSuccess: () => onDone(t('extend.done', { count })) })}
      testId="extend-dialog"
    >
      <p>{t('extend.text')}</p>
      <label className="input-label" htmlFor={daysId}>
        {t('extend.days')}
      </label>
      <input
        id={daysId}
        className="text-input input-narrow"
        type="number"
        min={1}
        max={365}
        required
        value={days}
        onChange={(event) => setDays(event.target.value)}
      />
    </ConfirmDialog>
  );
}

export function DeleteDialog({ envelopeId, onClose, onDone }: ActionProps) {
  const t = useT('envelopes');
  // Nothing is asked again here: the page leaves for the list, which asks afresh when it opens.
  const remove = useApiMutation(() => consoleApi.request('POST', `/envelopes/${envelopeId}/delete`));
  return (
    <ConfirmDialog
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      danger
      busy={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => onDone(t('delete.done')) })}
      testId="delete-dialog"
    >
      <p>{t('delete.text')}</p>
    </ConfirmDialog>
  );
}
