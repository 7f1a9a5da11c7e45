import type { Progress } from './field-values.js';
import { useTranslation } from './i18n.js';

interface ActionBarProps {
  progress: Progress;
  consented: boolean;
  submitting: boolean;
  onNext: () => void;
  onDecline: () => void;
  onFinish: () => void;
}

/** The always-visible bar: how far the signer is, where to go next, Decline and Finish. */
export function ActionBar({ progress, consented, submitting, onNext, onDecline, onFinish }: ActionBarProps) {
  const { t } = useTranslation();
  const remaining = progress.total - progress.done;
  return (
    <div className="action-bar">
      <div className="progress">
        <p className="progress-text" data-testid="progress" aria-live="polite">
          {t('sign.actions.progress', { done: progress.done, total: progress.total })}
        </p>
        <progress
          className="progress-meter"
          max={Math.max(progress.total, 1)}
          value={progress.total === 0 ? 1 : progress.done}
          aria-hidden="true"
        />
      </div>
      <div className="action-buttons">
        {remaining > 0 ? (
          <button type="button" className="button button-secondary" data-testid="next-field" onClick={onNext}>
            {t('sign.actions.next')}
          </button>
        ) : null}
        <button type="button" className="button button-secondary" data-testid="decline-button" onClick={onDecline}>
          {t('sign.actions.decline')}
        </button>
        <button
          type="button"
          className="button button-primary"
          data-testid="finish-button"
          disabled={!consented || submitting}
          aria-describedby={consented ? undefined : 'finish-hint'}
          onClick={onFinish}
        >
          {submitting ? t('sign.actions.signing') : t('sign.actions.finish')}
        </button>
      </div>
      {consented ? null : (
        <p id="finish-hint" className="finish-hint">
          {t('sign.actions.finishHint')}
        </p>
      )}
    </div>
  );
}
