import { useCallback, useRef, useState } from 'react';
import { ApiFailure } from '../shared/api-failure.js';
import { AttachmentList } from './AttachmentField.js';
import { useElementWidth } from '../shared/use-element-width.js';
import { ActionBar, type ActionBarMode, type MoreAction } from './ActionBar.js';
import { AdoptMarkDialog } from './AdoptMarkDialog.js';
import { ConsentDisclosure } from './ConsentDisclosure.js';
import { DeclineDialog } from './DeclineDialog.js';
import { DocumentView } from './DocumentView.js';
import { notifyParent } from './embed-events.js';
import { endStateOfFailure, type EndState } from './end-state.js';
import { failureLines } from './failure-text.js';
import { FieldOverlay, fieldDomId } from './FieldOverlay.js';
import { readingOrder } from './field-values.js';
import { requestLocation } from './geolocation.js';
import { SignedFieldOverlay, signedFieldsOf } from './SignedFieldOverlay.js';
import { initialsOf } from './initials.js';
import { LocationPanel, type LocationState } from './LocationPanel.js';
import { buildSignRequest } from './sign-request.js';
import type { SigningApi } from './signing-api.js';
import type { GeoLocation, ReassignRequest, SigningField, SigningSession, WitnessNamed } from './signing-types.js';
import { useSigningForm, type MarkKind } from './use-signing-form.js';
import { useTranslation } from './i18n.js';
import { ReassignDialog } from './ReassignDialog.js';
import { SendBackDialog } from './SendBackDialog.js';
import { WitnessPanel } from './WitnessPanel.js';
import { WorkflowNotice } from './WorkflowNotice.js';
import { ZoomControls } from './ZoomControls.js';
import { usePinchZoom } from './use-pinch-zoom.js';

interface SigningWorkspaceProps {
  session: SigningSession;
  api: SigningApi;
  embedded: boolean;
  onEnd: (state: EndState) => void;
}

type OpenDialog =
  { kind: 'adopt'; mark: MarkKind; field: SigningField } | { kind: 'decline' } | { kind: 'reassign' } | { kind: 'send-back' } | null;

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const focusField = (field: SigningField) => {
  const element = document.getElementById(fieldDomId(field));
  element?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  element?.focus({ preventScroll: true });
};

/**
 * The signing page proper: the step's notice, disclosure, documents with fields, and the actions
 * that end the session. An approver approves instead of signing; a viewer only looks.
 */
export function SigningWorkspace({ session, api, embedded, onEnd }: SigningWorkspaceProps) {
  const { t, language } = useTranslation();
  const form = useSigningForm(session, language);
  const role = session.signer.role ?? 'signer';
  const [zoom, setZoom] = useState(1);
  const [viewed, setViewed] = useState(0);
  const [witness, setWitness] = useState<WitnessNamed>({ name: '', email: '' });
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [consented, setConsented] = useState(false);
  const [location, setLocation] = useState<LocationState>({ status: 'idle' });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  const documentsRef = useRef<HTMLDivElement>(null);
  const pageWidth = useElementWidth(documentsRef);
  usePinchZoom(documentsRef, zoom, setZoom);
  const envelopeId = session.envelope.envelope_id;
  const fields = readingOrder(form.visible);
  const signedFields = signedFieldsOf(session.signed_by_others);

  /** Takes the signer to a field: scrolled into view, focused, and outlined so it is seen, not only focused. */
  const selectField = (field: SigningField) => {
    setHighlighted(field.field_id);
    focusField(field);
  };

  /** A failed action either ends the session (409, 404) or is explained on the page (400). */
  const fail = (failure: unknown, show: (lines: string[]) => void) => {
    notifyParent('countersign.error', envelopeId);
    const end = failure instanceof ApiFailure ? endStateOfFailure(failure) : null;
    if (end) onEnd(end);
    else show(failure instanceof ApiFailure ? failureLines(failure, t) : [t('sign.problems.generic')]);
  };

  const onDocumentError = (error: unknown) => {
    notifyParent('countersign.error', envelopeId);
    onEnd(error instanceof ApiFailure ? (endStateOfFailure(error) ?? { name: 'error', detail: error.message }) : { name: 'error' });
  };

  const captureLocation = async (): Promise<GeoLocation | null> => {
    if (location.status === 'captured') return location.location;
    setLocation({ status: 'asking' });
    try {
      const captured = await requestLocation();
      setLocation({ status: 'captured', location: captured });
      return captured;
    } catch (error) {
      setLocation({ status: 'refused', reason: t(`sign.location.${(error as Error).message}`) });
      return null;
    }
  };

  const onMarkClick = (field: SigningField) => {
    const kind: MarkKind = field.type === 'initials' ? 'initials' : 'signature';
    if (form.marks[kind] && !form.applied.has(field.field_id)) form.apply(field);
    else setDialog({ kind: 'adopt', mark: kind, field });
  };

  const goToNextField = () => {
    const next = form.progress.missing[0];
    if (next) selectField(next);
  };

  const witnessMissing = () => session.names_witness === true && (!witness.name.trim() || !witness.email.trim());

  const finish = async () => {
    if (role === 'approver') return approve();
    const firstMissing = form.progress.missing[0] ?? fields.find((field) => form.badNumbers.has(field.field_id));
    if (firstMissing) {
      const left = form.progress.missing.length;
      setProblems([left > 0 ? t('sign.problems.requiredLeft', { count: left }) : t('sign.problems.notANumber')]);
      selectField(firstMissing);
      return;
    }
    if (witnessMissing()) {
      setProblems([t('workflow_page.witness.missing')]);
      document.getElementById(witness.name.trim() ? 'witness-email' : 'witness-name')?.focus();
      return;
    }
    setProblems([]);
    const where = session.envelope.enforce_signers_location ? await captureLocation() : null;
    if (session.envelope.enforce_signers_location && !where) {
      setProblems([t('sign.problems.locationRequired')]);
      return;
    }
    setSubmitting(true);
    try {
      const result = await api.sign(
        buildSignRequest({
          fields: form.visible,
          signerName: session.signer.name,
          values: form.values,
          marks: form.marks,
          location: where,
          witness: session.names_witness ? { name: witness.name.trim(), email: witness.email.trim() } : null,
        }),
      );
      notifyParent('countersign.signed', envelopeId);
      onEnd({ name: 'signed', byYou: true, last: result.all_signed, ...(session.host ? { host: session.host.name } : {}) });
    } catch (failure) {
      fail(failure, setProblems);
      setSubmitting(false);
    }
  };

  const approve = async () => {
    setProblems([]);
    setSubmitting(true);
    try {
      await api.approve();
      onEnd({ name: 'approved', byYou: true });
    } catch (failure) {
      fail(failure, setProblems);
      setSubmitting(false);
    }
  };

  /** Runs a dialog's action; its failure is told in the dialog unless it ends the session. */
  const fromDialog = async (action: () => Promise<EndState>) => {
    setSubmitting(true);
    try {
      onEnd(await action());
    } catch (failure) {
      fail(failure, (lines) => setDialogError(lines.join(' ')));
      setSubmitting(false);
    }
  };

  const decline = (reason: string) =>
    fromDialog(async () => {
      await api.decline(reason);
      notifyParent('countersign.declined', envelopeId);
      return { name: 'declined', byYou: true };
    });

  const reassign = (request: ReassignRequest) =>
    fromDialog(async () => {
      const to = await api.reassign(request);
      return { name: 'reassigned', byYou: true, to: { name: to.name, email: to.email } };
    });

  const sendBack = (comment: string) =>
    fromDialog(async () => {
      await api.sendBack(comment);
      return { name: 'returned', byYou: true };
    });

  const openDialog = (next: OpenDialog) => {
    setDialogError(null);
    setDialog(next);
  };

  const onViewed = useCallback(() => setViewed((count) => count + 1), []);
  const allViewed = viewed >= session.documents.length;

  // A hand-over suits a step of one's own; a group seat, or a signing on the host's device, stays put.
  const canReassign = session.envelope.allow_reassign === true && !session.group && role !== 'in_person' && !session.host;
  const more: MoreAction[] = [
    ...(canReassign
      ? [{ key: 'reassign', label: t('workflow_page.reassign.open'), onSelect: () => openDialog({ kind: 'reassign' }) }]
      : []),
    ...(session.host
      ? []
      : [{ key: 'send-back', label: t('workflow_page.sendBack.open'), onSelect: () => openDialog({ kind: 'send-back' }) }]),
  ];
  const mode: ActionBarMode =
    role === 'approver'
      ? { kind: 'approve' }
      : role === 'viewer'
        ? {
            kind: 'view',
            status: allViewed
              ? t('workflow_page.viewer.done')
              : t('workflow_page.viewer.progress', { viewed, total: session.documents.length }),
          }
        : { kind: 'sign', progress: form.progress };

  return (
    <div className="workspace">
      <header className="envelope-header">
        <h1 id="envelope-name" className="envelope-name" data-testid="envelope-name">
          {session.envelope.name}
        </h1>
        {session.envelope.message ? (
          <p className="envelope-message" data-testid="envelope-message">
            {session.envelope.message}
          </p>
        ) : null}
        {embedded ? null : <p className="signer-line">{t('sign.signingAs', { name: session.signer.name, email: session.signer.email })}</p>}
        <WorkflowNotice session={session} />
      </header>

      {role === 'viewer' ? null : <ConsentDisclosure text={session.consent_text} accepted={consented} onChange={setConsented} />}
      {session.envelope.enforce_signers_location ? <LocationPanel state={location} onRequest={() => void captureLocation()} /> : null}

      <ZoomControls zoom={zoom} onZoom={setZoom} />
      {/* Zoomed in, the region scrolls sideways; with no field inside (an approver, a viewer) only its own tab stop lets a keyboard scroll it. */}
      <div className="documents" ref={documentsRef} data-testid="documents" role="region" aria-labelledby="envelope-name" tabIndex={0}>
        {session.documents.map((document, index) => (
          <DocumentView
            key={document.document_id}
            name={document.name}
            loadBytes={() => api.document(document.document_id)}
            onLoaded={onViewed}
            fields={fields.filter((field) => field.document === index + 1)}
            signedFields={signedFields.filter(({ field }) => field.document === index + 1)}
            renderSigned={(signed, scale) => <SignedFieldOverlay key={signed.field.field_id} {...signed} scale={scale} />}
            width={Math.floor(pageWidth * zoom)}
            onLoadError={onDocumentError}
            renderField={(field, scale) => (
              <FieldOverlay
                key={field.field_id}
                field={field}
                scale={scale}
                value={form.values[field.field_id] ?? ''}
                appliedMark={
                  form.applied.has(field.field_id) ? form.marks[field.type === 'initials' ? 'initials' : 'signature'] : undefined
                }
                invalid={form.badNumbers.has(field.field_id)}
                highlighted={highlighted === field.field_id}
                onChange={(value) => form.setValue(field.field_id, value)}
                onMarkClick={() => onMarkClick(field)}
              />
            )}
          />
        ))}
      </div>
      <AttachmentList fields={fields} values={form.values} onChange={form.setValue} />
      {session.names_witness ? <WitnessPanel witness={witness} onChange={setWitness} /> : null}

      <footer className="signing-footer">
        <div className="problems" role="alert" data-testid="sign-error" hidden={problems.length === 0}>
          {problems.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
        <ActionBar
          mode={mode}
          consented={consented}
          submitting={submitting}
          more={more}
          onNext={goToNextField}
          onDecline={() => openDialog({ kind: 'decline' })}
          onFinish={() => void finish()}
        />
      </footer>

      {dialog?.kind === 'adopt' ? (
        <AdoptMarkDialog
          kind={dialog.mark}
          suggestedText={dialog.mark === 'initials' ? initialsOf(session.signer.name) : session.signer.name}
          current={form.marks[dialog.mark]}
          onClose={() => setDialog(null)}
          onAdopt={(mark) => {
            form.adopt(dialog.mark, mark, dialog.field);
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'decline' ? (
        <DeclineDialog busy={submitting} error={dialogError} onDecline={(reason) => void decline(reason)} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'reassign' ? (
        <ReassignDialog
          busy={submitting}
          error={dialogError}
          onReassign={(request) => void reassign(request)}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'send-back' ? (
        <SendBackDialog
          busy={submitting}
          error={dialogError}
          onSendBack={(comment) => void sendBack(comment)}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
