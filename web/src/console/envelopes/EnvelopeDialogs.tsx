import { useId, useState } from 'react';
import type { ApiBody } from '../../shared/api-types.js';
import { useApiMutation } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
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
  const remind = useApiMutation(
    () =>
      consoleApi.request('POST', `/envelopes/${envelopeId}/remind_signer`, {
        signer_email: signer.email,
      } satisfies ApiBody<'remindSigner'>),
    REFRESHED,
  );
  return (
    <ConfirmDialog
      title={`Remind ${signer.name}?`}
      confirmLabel="Send reminder"
      busy={remind.isPending}
      error={remind.error}
      onClose={onClose}
      onConfirm={() => remind.mutate(undefined, { onSuccess: () => onDone(`Reminder e-mailed to ${signer.email}.`) })}
      testId="remind-dialog"
    >
      <p>{signer.email} gets another e-mail with their signing link. A signer can be reminded once an hour.</p>
    </ConfirmDialog>
  );
}

export function CancelDialog({ envelopeId, onClose, onDone }: ActionProps) {
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const cancel = useApiMutation(
    () =>
      consoleApi.request('POST', `/envelopes/${envelopeId}/cancel`, { cancel_reason: reason.trim() } satisfies ApiBody<'cancelEnvelope'>),
    REFRESHED,
  );
  return (
    <ConfirmDialog
      title="Cancel this envelope?"
      confirmLabel="Cancel envelope"
      danger
      busy={cancel.isPending || !reason.trim()}
      error={cancel.error}
      onClose={onClose}
      onConfirm={() =>
        cancel.mutate(undefined, { onSuccess: () => onDone('The envelope is cancelled; the recipients were told by e-mail.') })
      }
      testId="cancel-dialog"
    >
      <p>Nobody can sign it any more. This cannot be undone.</p>
      <label className="input-label" htmlFor={reasonId}>
        Reason (the recipients read it)
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
      title="Extend the due date"
      confirmLabel="Extend"
      busy={extend.isPending || !valid}
      error={extend.error}
      onClose={onClose}
      onConfirm={() => extend.mutate(undefined, { onSuccess: () => onDone(`The envelope is open again for ${count} days.`) })}
      testId="extend-dialog"
    >
      <p>The envelope opens again and the recipients' signing links work until the new due date.</p>
      <label className="input-label" htmlFor={daysId}>
        Days from now (1–365)
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
  // Nothing is asked again here: the page leaves for the list, which asks afresh when it opens.
  const remove = useApiMutation(() => consoleApi.request('POST', `/envelopes/${envelopeId}/delete`));
  return (
    <ConfirmDialog
      title="Delete this envelope?"
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={() => remove.mutate(undefined, { onSuccess: () => onDone('Deleted.') })}
      testId="delete-dialog"
    >
      <p>
        Its documents, sealed copies and certificate are removed for good. Download what you need first. The audit ledger keeps the
        documents' hashes.
      </p>
    </ConfirmDialog>
  );
}
