import type { ApiData } from '../../shared/api-types.js';
import { useApiQuery } from '../api-hooks.js';
import { ErrorNotice } from '../ErrorNotice.js';
import { formatDate, humanize } from '../ui/format.js';
import { DailyChart } from './DailyChart.js';

const DAYS = 30;

export function PlanSection() {
  const account = useApiQuery<ApiData<'getAccount'>>('/account');
  const statistics = useApiQuery<ApiData<'getAccountStatistics'>>('/account/statistics');
  const daily = useApiQuery<ApiData<'getAccountDailyStatistics'>>(`/account/statistics/daily?days=${DAYS}`);

  return (
    <>
      <div className="panel" data-testid="quota">
        <h3 className="panel-title">Plan</h3>
        <ErrorNotice error={account.error} />
        {account.data && <Quota account={account.data} />}
      </div>
      <div className="panel">
        <h3 className="panel-title">Envelopes per day, last {DAYS} days</h3>
        <ErrorNotice error={daily.error} />
        {daily.data && <DailyChart days={daily.data.days} />}
      </div>
      <div className="panel">
        <h3 className="panel-title">All envelopes by status</h3>
        <ErrorNotice error={statistics.error} />
        {statistics.data && (
          <dl className="status-totals" data-testid="status-totals">
            <div>
              <dt>Total</dt>
              <dd>{statistics.data.total}</dd>
            </div>
            {Object.entries(statistics.data.by_status).map(([status, count]) => (
              <div key={status}>
                <dt>{humanize(status)}</dt>
                <dd>{count}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </>
  );
}

function Quota({ account }: { account: ApiData<'getAccount'> }) {
  const { monthly_limit: limit, used_this_month: used, resets_at: resetsAt } = account.envelope_quota;
  return (
    <>
      <p>
        <strong className="plan-name">{humanize(account.plan)}</strong> plan
      </p>
      {limit === null ? (
        <p>{used} envelopes sent this month; this plan has no monthly limit.</p>
      ) : (
        <>
          <label className="input-label" htmlFor="quota-meter">
            Envelopes this month: {used} of {limit}
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
            {used} of {limit}
          </meter>
          <p className="hint">
            {Math.max(0, limit - used)} left · the count starts again on {formatDate(resetsAt)}.
          </p>
        </>
      )}
    </>
  );
}
