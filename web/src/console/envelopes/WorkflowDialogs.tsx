import { useId, useState } from 'react';
import { useApiMutation } from '../api-hooks.js';
import { consoleApi } from '../console-api.js';
import { useT } from '../i18n.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { isGroupEntry, type SignerEntry, type WorkflowEnvelope } from './envelope-types.js';

interface ActionProps {
  envelopeId: string;
  onClose: () => void;
  onDone: (message: string) => void;
}

const REFRESHED = [['/envelopes']];

/** Statuses of recipients who have not acted: only they can be corrected or removed (409 RECIPIENT_ALREADY_ACTED). */
const PENDING = new Set(['Waiting', 'Sent', 'Viewed']);

interface PendingRecipient {
  recipientId: string;
  name: string;
  email: string;
  /** The signing group they belong to, if any. */
  group: string | null;
}

interface RecipientChange {
  name: string;
  email: string;
  remove: boolean;
}

const pendingRecipients = (envelope: WorkflowEnvelope): PendingRecipient[] =>
  (envelope.recipients.signers as SignerEntry[]).flatMap((entry): PendingRecipient[] =>
    isGroupEntry(entry)
      ? entry.group.members
          .filter((member) => PENDING.has(member.status))
          .map((member) => ({ recipientId: member.recipient_id, name: member.name, email: member.email, group: entry.group.name }))
      : PENDING.has(entry.status)
        ? [{ recipientId: entry.recipient_id, name: entry.name, email: entry.email, group: null }]
        : [],
  );

/** A date input's value (the person's own calendar day) for an instant. */
const dayOf = (iso: string): string => {
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** The end of a chosen day in the person's time zone, as the API takes instants. */
const endOfDay = (day: string): string => new Date(`${day}T23:59:59`).toISOString();

/**
 * Corrects a sent envelope (POST /envelopes/{id}/correct): a pending recipient's name or address (a
 * changed address gets a new link and the old one stops working), removing a pending recipient, the due date.
 */
export function CorrectDialog({ envelopeId, envelope, onClose, onDone }: ActionProps & { envelope: WorkflowEnvelope }) {
  const w = useT('workflows');
  const id = useId();
  const pending = pendingRecipients(envelope);
  const [changes, setChanges] = useState<Record<string, RecipientChange>>(() =>
    Object.fromEntries(pending.map((person) => [person.recipientId, { name: person.name, email: person.email, remove: false }])),
  );
  const initialDay = dayOf(envelope.signing_due_date);
  const [day, setDay] = useState(initialDay);

  const edited = pending.flatMap((person) => {
    const change = changes[person.recipientId];
    if (!change || change.remove) return [];
    const name = change.name.trim();
    const email = change.email.trim();
    if (name === person.name && email === person.email) return [];
    return [
      {
        recipient_id: person.recipientId,
        ...(name !== person.name ? { name } : {}),
        ...(email !== person.email ? { email } : {}),
      },
    ];
  });
  const removed = pending.filter((person) => changes[person.recipientId]?.remove).map((person) => person.recipientId);
  const dueChanged = day !== '' && day !== initialDay;
  const body = {
    ...(edited.length > 0 ? { recipients: edited } : {}),
    ...(removed.length > 0 ? { remove_recipients: removed } : {}),
    ...(dueChanged ? { signing_due_date: endOfDay(day) } : {}),
  };
  const nothing = Object.keys(body).length === 0;

  const correct = useApiMutation(() => consoleApi.request('POST', `/envelopes/${envelopeId}/correct`, body), REFRESHED);
  const set = (recipientId: string, patch: Partial<RecipientChange>) =>
    setChanges({ ...changes, [recipientId]: { ...changes[recipientId]!, ...patch } });

  return (
    <ConfirmDialog
      title={w('correct.title')}
      confirmLabel={w('correct.confirm')}
      busy={correct.isPending || nothing}
      error={correct.error}
      onClose={onClose}
      onConfirm={() => correct.mutate(undefined, { onSuccess: () => onDone(w('correct.done')) })}
      testId="correct-dialog"
    >
      <p>{w('correct.text')}</p>
      {pending.length === 0 && <p className="hint">{w('correct.nobodyPending')}</p>}
      {pending.map((person) => {
        const change = changes[person.recipientId]!;
        const legend = person.group ? w('correct.memberOf', { name: person.name, group: person.group }) : person.name;
        return (
          <fieldset key={person.recipientId} className="correct-recipient" data-testid="correct-recipient">
            <legend>{legend}</legend>
            <label className="input-label" htmlFor={`${id}-${person.recipientId}-name`}>
              {w('correct.name')}
            </label>
            <input
              id={`${id}-${person.recipientId}-name`}
              className="text-input"
              maxLength={255}
              value={change.name}
              disabled={change.remove}
              onChange={(event) => set(person.recipientId, { name: event.target.value })}
            />
            <label className="input-label" htmlFor={`${id}-${person.recipientId}-email`}>
              {w('correct.email')}
            </label>
            <input
              id={`${id}-${person.recipientId}-email`}
              className="text-input"
              type="email"
              maxLength={254}
              value={change.email}
              disabled={change.remove}
              aria-describedby={`${id}-email-hint`}
              onChange={(event) => set(person.recipientId, { email: event.target.value })}
            />
            <label className="editor-check">
              <input
                type="checkbox"
                checked={change.remove}
                onChange={(event) => set(person.recipientId, { remove: event.target.checked })}
              />
              {w('correct.remove', { name: person.name })}
            </label>
          </fieldset>
        );
      })}
      <p id={`${id}-email-hint`} className="hint">
        {w('correct.emailHint')}
      </p>
      <label className="input-label" htmlFor={`${id}-due`}>
        {w('correct.due')}
      </label>
      <input
        id={`${id}-due`}
        className="text-input input-narrow"
        type="date"
        value={day}
        onChange={(event) => setDay(event.target.value)}
      />
    </ConfirmDialog>
  );
}

/** Sends a sent-back envelope on (POST /envelopes/{id}/resend): those whose turn it is are invited again. */
export function ResendDialog({ envelopeId, onClose, onDone }: ActionProps) {
  const w = useT('workflows');
  const resend = useApiMutation(() => consoleApi.request('POST', `/envelopes/${envelopeId}/resend`), REFRESHED);
  return (
    <ConfirmDialog
      title={w('resend.title')}
      confirmLabel={w('resend.confirm')}
      busy={resend.isPending}
      error={resend.error}
      onClose={onClose}
      onConfirm={() => resend.mutate(undefined, { onSuccess: () => onDone(w('resend.done')) })}
      testId="resend-dialog"
      focusConfirm
    >
      <p>{w('resend.text')}</p>
    </ConfirmDialog>
  );
}
