import type { TFunction } from 'i18next';
import { useT } from '../i18n.js';
import { useFormat, type Formats } from '../ui/format.js';
import { StatusBadge } from '../ui/StatusBadge.js';
import { isGroupEntry, type GroupEntry, type GroupMember, type SignerEntry, type WorkflowSigner } from './envelope-types.js';

interface SignerEntriesProps {
  entries: readonly SignerEntry[];
  flow: string;
  /** The envelope takes actions (Sent or InProgress). */
  open: boolean;
  onRemind: (signer: WorkflowSigner) => void;
  onInPerson: (signer: WorkflowSigner) => void;
  /** The in-person signing being started, by recipient id. */
  starting: string | null;
}

/** A signer whose turn it is and who has not acted yet can be reminded (409 SIGNER_NOT_REMINDABLE otherwise). */
const ON_TURN = new Set(['Sent', 'Viewed']);

/** When something last happened to a recipient, in words. */
const moment = (
  person: Pick<GroupMember, 'signed_at' | 'declined_at' | 'viewed_at' | 'sent_at'> & { approved_at?: string | null },
  t: TFunction,
  format: Formats,
): string => {
  if (person.approved_at) return t('page.approvedAt', { date: format.dateTime(person.approved_at) });
  if (person.signed_at) return t('page.signedAt', { date: format.dateTime(person.signed_at) });
  if (person.declined_at) return t('page.declinedAt', { date: format.dateTime(person.declined_at) });
  if (person.viewed_at) return t('page.viewedAt', { date: format.dateTime(person.viewed_at) });
  if (person.sent_at) return t('page.sentAt', { date: format.dateTime(person.sent_at) });
  return t('page.notNotified');
};

/**
 * The envelope's signer entries in their order: each person with their role (host, witnessed signer,
 * the chain of hand-overs), each signing group as a block of its members with k of n signed.
 */
export function SignerEntries({ entries, flow, open, onRemind, onInPerson, starting }: SignerEntriesProps) {
  const people = entries.filter((entry): entry is WorkflowSigner => !isGroupEntry(entry));
  return (
    <>
      {entries.map((entry) =>
        isGroupEntry(entry) ? (
          <GroupBlock key={entry.group.group_id} entry={entry} flow={flow} />
        ) : (
          <PersonEntry
            key={entry.recipient_id}
            signer={entry}
            people={people}
            flow={flow}
            open={open}
            onRemind={onRemind}
            onInPerson={onInPerson}
            starting={starting === entry.recipient_id}
          />
        ),
      )}
    </>
  );
}

function PersonEntry({
  signer,
  people,
  flow,
  open,
  onRemind,
  onInPerson,
  starting,
}: {
  signer: WorkflowSigner;
  people: readonly WorkflowSigner[];
  flow: string;
  open: boolean;
  onRemind: (signer: WorkflowSigner) => void;
  onInPerson: (signer: WorkflowSigner) => void;
  starting: boolean;
}) {
  const t = useT('envelopes');
  const w = useT('workflows');
  const format = useFormat();
  const role = signer.role ?? 'signer';
  const roleWord = w(`role.${role}`);
  const witnessed = signer.witness_for ? people.find((other) => other.recipient_id === signer.witness_for) : undefined;
  const onTurn = open && ON_TURN.has(signer.status);
  return (
    <li className="recipient" data-testid="signer" data-role={role}>
      <div className="recipient-who">
        <span className="recipient-name">{signer.name}</span>
        <span className="recipient-email">{signer.email}</span>
        <span className="hint" data-testid="signer-role">
          {flow === 'Parallel' ? roleWord : w('envelope.roleInOrder', { role: roleWord, order: signer.signing_order })}
          {signer.signer_title ? ` · ${signer.signer_title}` : ''}
        </span>
        {signer.host && <span className="hint">{w('envelope.host', { name: signer.host.name, email: signer.host.email })}</span>}
        {witnessed && <span className="hint">{w('envelope.witnesses', { name: witnessed.name })}</span>}
        {signer.delegations && signer.delegations.length > 0 && (
          <ol className="delegation-chain" aria-label={w('envelope.chain')} data-testid="delegations">
            {signer.delegations.map((delegation, index) => (
              <li key={index} className="hint">
                {w(delegation.reason ? 'envelope.handedWithReason' : 'envelope.handed', {
                  from: delegation.from.name,
                  to: delegation.to.name,
                  email: delegation.to.email,
                  date: format.dateTime(delegation.at),
                  reason: delegation.reason ?? '',
                })}
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="recipient-state">
        <StatusBadge status={signer.status} />
        <span className="hint">{moment(signer, t, format)}</span>
        {signer.decline_reason && <span className="hint">{t('page.declineReason', { reason: signer.decline_reason })}</span>}
      </div>
      {onTurn && role === 'in_person' && (
        <button
          type="button"
          className="button button-primary button-small"
          disabled={starting}
          onClick={() => onInPerson(signer)}
          aria-label={w('envelope.startInPersonFor', { name: signer.name })}
          data-testid="start-in-person"
        >
          {starting ? w('envelope.starting') : w('envelope.startInPerson')}
        </button>
      )}
      {onTurn && role !== 'in_person' && (
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => onRemind(signer)}
          aria-label={t('page.remindWho', { name: signer.name })}
        >
          {t('page.remind')}
        </button>
      )}
    </li>
  );
}

function GroupBlock({ entry, flow }: { entry: GroupEntry; flow: string }) {
  const t = useT('envelopes');
  const w = useT('workflows');
  const format = useFormat();
  const { group } = entry;
  return (
    <li className="recipient recipient-group" data-testid="group">
      <div className="recipient-who">
        <span className="recipient-name">{w('envelope.group', { name: group.name })}</span>
        <span className="hint">
          {flow === 'Parallel'
            ? w('envelope.groupRequired', { signed: group.signed, count: group.required })
            : w('envelope.groupRequiredInOrder', { signed: group.signed, count: group.required, order: entry.signing_order })}
        </span>
      </div>
      <div className="recipient-state">
        <StatusBadge status={entry.status} />
      </div>
      <ul className="group-member-list" aria-label={w('envelope.members', { name: group.name })}>
        {group.members.map((member) => (
          <li key={member.recipient_id} className="group-member" data-testid="group-member">
            <div className="recipient-who">
              <span className="recipient-name">{member.name}</span>
              <span className="recipient-email">{member.email}</span>
            </div>
            <div className="recipient-state">
              <StatusBadge status={member.status} />
              <span className="hint">{moment(member, t, format)}</span>
            </div>
          </li>
        ))}
      </ul>
    </li>
  );
}
