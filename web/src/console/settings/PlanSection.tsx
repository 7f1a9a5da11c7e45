import type { ApiData } from '../../shared/api-types.js';
import { useApiQuery } from '../api-hooks.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { Sentence, useT } from '../i18n.js';
import { humanize, useFormat } from '../ui/format.js';
import { DailyChart } from './DailyChart.js';

const DAYS = 30;

export function PlanSection() {
  const t = useT('settings');
  const tc = useT('common');
  const format = useFormat();
  const account = useApiQuery<ApiData<'getAccount'>>('/account');
  const statistics = useApiQuery<ApiData<'getAccountStatistics'>>('/account/statistics');
  const daily = useApiQuery<ApiData<'getAccountDailyStatistics'>>(`/account/statistics/daily?days=${DAYS}`);

  return (
    <>
      <div className="panel" data-testid="quota">
        <h3 className="panel-title">{t('plan.title')}</h3>
        <ErrorNotice error={account.error} />
        {account.data && <Quota account={account.data} />}
      </div>
      <div className="panel">
        <h3 className="panel-title">{t('plan.perDay', { count: DAYS })}</h3>
        <ErrorNotice error={daily.error} />
        {daily.data && <DailyChart days={daily.data.days} />}
      </div>
      <div className="panel">
        <h3 className="panel-title">{t('plan.byStatus')}</h3>
        <ErrorNotice error={statistics.error} />
        {statistics.data && (
          <dl className="status-totals" data-testid="status-totals">
            <div>
              <dt>{t('plan.total')}</dt>
              <dd>{format.number(statistics.data.total)}</dd>
            </div>
            {Object.entries(statistics.data.by_status).map(([status, count]) => (
              <div key={status}>
                <dt>{tc(`status.${status}`, { defaultValue: humanize(status) })}</dt>
                <dd>{format.number(count)}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </>
  );
}

function Quota({ account }: { account: ApiData<'getAccount'> }) {
  const t = useT('settings');
  const format = useFormat();
  const { monthly_limit: limit, used_this_month: used, resets_at: resetsAt } = account.envelope_quota;
  const planName = <strong className="plan-name">{t(`plan.name.${account.plan}`, { defaultValue: humanize(account.plan) })}</strong>;
  return (
    <>
      <p>
        <Sentence text={t('plan.current', { skipInterpolation: true })} parts={{ plan: planName }} />
      </p>
      {limit === null ? (
        <p>{t('plan.unlimited', { count: used })}</p>
      ) : (
        <>
          <label className="input-label" htmlFor="quota-meter">
            {t('plan.used', { used: format.number(used), limit: format.number(limit) })}
          </label>
          <meter
            id="quota-meter"
            className="quota-meter"
            min={0}
            max={limit}
            low={limit * 0.8}
            high={limit * 0.95}
            optimum={0}
            value={Math.min(used, limit)}
          >
            {t('plan.usedShort', { used: format.number(used), limit: format.number(limit) })}
          </meter>
          <p className="hint">{t('plan.left', { count: Math.max(0, limit - used), date: format.date(resetsAt) })}</p>
        </>
      )}
    </>
  );
}
