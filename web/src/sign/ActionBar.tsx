import { useState } from 'react';
import type { Progress } from './field-values.js';
import { useTranslation } from './i18n.js';

/** A step's secondary action (assign to someone else, return to sender), listed under "More options". */
export interface MoreAction {
  key: string;
  label: string;
  onSelect: () => void;
}

/** What the bar offers: signing (progress, Next, Finish), approving, or, for a viewer, how far they have looked. */
export type ActionBarMode = { kind: 'sign'; progress: Progress } | { kind: 'approve' } | { kind: 'view'; status: string };

interface ActionBarProps {
  mode: ActionBarMode;
  consented: boolean;
  submitting: boolean;
  more: MoreAction[];
  onNext: () => void;
  onDecline: () => void;
  onFinish: () => void;
}

/** The always-visible bar: how far the recipient is, where to go next, Decline and the step's own action. */
export function ActionBar({ mode, consented, submitting, more, onNext, onDecline, onFinish }: ActionBarProps) {
  const { t } = useTranslation();
  const [moreOpen, setMoreOpen] = useState(false);
  const remaining = mode.kind === 'sign' ? mode.progress.total - mode.progress.done : 0;
  const approving = mode.kind === 'approve';
  const finishLabel = approving
    ? submitting
      ? t('workflow_page.approve.busy')
      : t('workflow_page.approve.button')
    : submitting
      ? t('sign.actions.signing')
      : t('sign.actions.finish');

  return (
    <div className="action-bar">
      {/* In the bar's own flow, above its buttons: the sticky bar clips anything drawn outside it. */}
      {more.length > 0 ? (
        <ul id="more-actions-list" className="more-actions-list" hidden={!moreOpen}>
          {more.map((action) => (
            <li key={action.key}>
              <button
                type="button"
                className="button button-secondary"
                data-testid={`action-${action.key}`}
                onClick={() => {
                  setMoreOpen(false);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {mode.kind === 'sign' ? (
        <div className="progress">
          <p className="progress-text" data-testid="progress" aria-live="polite">
            {t('sign.actions.progress', { done: mode.progress.done, total: mode.progress.total })}
          </p>
          <progress
            className="progress-meter"
            max={Math.max(mode.progress.total, 1)}
            value={mode.progress.total === 0 ? 1 : mode.progress.done}
            aria-hidden="true"
          />
        </div>
      ) : null}
      {mode.kind === 'view' ? (
        <p className="progress-text" data-testid="viewer-status" aria-live="polite">
          {mode.status}
        </p>
      ) : null}
      <div className="action-buttons">
        {more.length > 0 ? (
          <button
            type="button"
            className="button button-secondary"
            data-testid="more-actions"
            aria-expanded={moreOpen}
            aria-controls="more-actions-list"
            onClick={() => setMoreOpen((open) => !open)}
          >
            {t('workflow_page.more')}
          </button>
        ) : null}
        {remaining > 0 ? (
          <button type="button" className="button button-secondary" data-testid="next-field" onClick={onNext}>
            {t('sign.actions.next')}
          </button>
        ) : null}
        {mode.kind === 'view' ? null : (
          <>
            <button type="button" className="button button-secondary" data-testid="decline-button" onClick={onDecline}>
              {t('sign.actions.decline')}
            </button>
            <button
              type="button"
              className="button button-primary"
              data-testid={approving ? 'approve-button' : 'finish-button'}
              disabled={!consented || submitting}
              aria-describedby={consented ? undefined : 'finish-hint'}
              onClick={onFinish}
            >
              {finishLabel}
            </button>
          </>
        )}
      </div>
      {consented || mode.kind === 'view' ? null : (
        <p id="finish-hint" className="finish-hint">
          {approving ? t('workflow_page.approve.hint') : t('sign.actions.finishHint')}
        </p>
      )}
    </div>
  );
}
