// One choice field's answers as bars: a table of option, count and share that screen readers read as text, the
// bars drawn beside the numbers (no chart library: a bar per option is a sized box).
import { useFormat } from '../i18n/format.js';
import { useLanguage } from '../i18n/language.js';

export function OptionChart(props: {
  /** The field's name (the chart's test id) and how it reads (its label, else its name). */
  name: string;
  field: string;
  /** Responses by option, as the server counted them (every known option from 0). */
  counts: Record<string, number>;
  /** How an option reads (a checkbox's `true` as "Yes"). */
  optionLabel(option: string): string;
  /** Responses of the form: the share's whole (a multiple select counts one response under several options). */
  total: number;
}) {
  const { t, language } = useLanguage();
  const format = useFormat();
  const entries = Object.entries(props.counts);
  const largest = Math.max(1, ...entries.map(([, count]) => count));
  const share = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <figure className="card responses-chart" data-testid={`chart-${props.name}`}>
      <table className="responses-bars">
        <caption>{t('responses.chart.caption', { field: props.field, count: props.total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('responses.chart.option')}</th>
            <th scope="col">{t('responses.chart.count')}</th>
            <th scope="col">{t('responses.chart.share')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map(([option, count]) => (
            <tr key={option} data-option={option}>
              <th scope="row">{props.optionLabel(option)}</th>
              <td className="responses-bar-cell">
                <div>
                  <span className="responses-bar-track" aria-hidden="true">
                    <span className="responses-bar" style={{ width: `${(count / largest) * 100}%` }} />
                  </span>
                  <span data-field="count">{format.number(count)}</span>
                </div>
              </td>
              <td>{share.format(props.total === 0 ? 0 : count / props.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
