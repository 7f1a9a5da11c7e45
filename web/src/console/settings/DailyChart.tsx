import type { ApiData } from '../../shared/api-types.js';
import { useT } from '../i18n.js';
import { useFormat } from '../ui/format.js';

type DailyCount = ApiData<'getAccountDailyStatistics'>['days'][number];

const HEIGHT = 100;
const SLOT = 10;
const GAP = 1;

/**
 * Created and completed envelopes per day as paired bars. The SVG is one image with a summary
 * for screen readers, and the numbers themselves are in a table only they read. The bars stretch
 * to any width; the labels are HTML so they stay legible at 375 px.
 */
export function DailyChart({ days }: { days: DailyCount[] }) {
  const t = useT('settings');
  const format = useFormat();
  const created = days.reduce((sum, day) => sum + day.created, 0);
  const completed = days.reduce((sum, day) => sum + day.completed, 0);
  const busiest = days.reduce<DailyCount | null>((best, day) => (!best || day.created > best.created ? day : best), null);
  const top = Math.max(1, ...days.map((day) => Math.max(day.created, day.completed)));
  const width = Math.max(1, days.length) * SLOT;
  const barWidth = (SLOT - GAP * 3) / 2;
  const scale = (count: number) => (count / top) * HEIGHT;
  const summary =
    busiest && busiest.created > 0
      ? t('chart.summaryBusiest', {
          count: days.length,
          created,
          completed,
          busiest: format.day(busiest.date),
          busiestCreated: busiest.created,
        })
      : t('chart.summary', { count: days.length, created, completed });
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="daily-chart" data-testid="daily-chart">
      <ul className="chart-legend" aria-hidden="true">
        <li>
          <span className="legend-swatch swatch-created" /> {t('chart.created')}
        </li>
        <li>
          <span className="legend-swatch swatch-completed" /> {t('chart.completed')}
        </li>
        <li className="chart-top">{t('chart.top', { top })}</li>
      </ul>
      <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="chart-svg">
        {days.map((day, index) => {
          const x = index * SLOT + GAP;
          return (
            <g key={day.date}>
              <rect x={x} y={HEIGHT - scale(day.created)} width={barWidth} height={scale(day.created)} className="bar-created" />
              <rect
                x={x + barWidth + GAP}
                y={HEIGHT - scale(day.completed)}
                width={barWidth}
                height={scale(day.completed)}
                className="bar-completed"
              />
            </g>
          );
        })}
      </svg>
      {first && last && (
        <div className="chart-axis-labels" aria-hidden="true">
          <span>{format.day(first.date, true)}</span>
          <span>{format.day(last.date, true)}</span>
        </div>
      )}
      <figcaption className="hint">{summary}</figcaption>
      <table className="visually-hidden">
        <caption>{t('chart.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('chart.day')}</th>
            <th scope="col">{t('chart.created')}</th>
            <th scope="col">{t('chart.completed')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{format.day(day.date)}</th>
              <td>{day.created}</td>
              <td>{day.completed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
