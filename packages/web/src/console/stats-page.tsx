// An app's usage statistics in the developer console: totals, charts per day, errors by code and the figures as a table.
import type { DayStats } from '@miniapps/contract';
import { useMemo, useState } from 'react';
import { useLanguage } from '../i18n/language.js';
import { useSignedIn } from '../session.js';
import { useResource } from '../ui/use-resource.js';
import { ErrorNotice, Loading } from '../ui/widgets.js';
import { AppCrumbs } from './app-crumbs.js';
import { type ChartSeries, StatsChart } from './stats-chart.js';
import './stats-page.css';

const DAY_MS = 86_400_000;
/** The periods offered, in days (the API answers up to 400). */
const PERIODS = [7, 30, 90, 365] as const;
const COLORS = { blue: '#2563eb', green: '#16a34a', amber: '#d97706', red: '#dc2626', violet: '#7c3aed' };

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function StatsPage({ org, slug }: { org: string; slug: string }) {
  const { api } = useSignedIn();
  const { t, language } = useLanguage();
  const [days, setDays] = useState<number>(30);
  const range = useMemo(() => {
    const now = Date.now();
    return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
  }, [days]);
  const stats = useResource(
    () =>
      api
        .request('GET /api/v1/orgs/:org/apps/:slug/stats', { params: { org, slug }, query: range })
        .then((answer) => answer.days),
    [api, org, slug, range],
  );
  const format = useMemo(() => {
    const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const date = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const longDate = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      value: (value: number) => number.format(value),
      day: (seconds: number) => date.format(new Date(seconds * 1000)),
      longDay: (day: string) => longDate.format(new Date(`${day}T00:00:00Z`)),
    };
  }, [language]);

  return (
    <div>
      <AppCrumbs org={org} slug={slug} />
      <h1>{t('stats.title')}</h1>
      <p className="muted">{t('stats.about')}</p>
      <fieldset className="stats-period">
        <legend>{t('stats.period')}</legend>
        <div className="tabs-nav">
          {PERIODS.map((period) => (
            <button key={period} type="button" aria-pressed={days === period} onClick={() => setDays(period)}>
              {t('stats.lastDays', { count: period })}
            </button>
          ))}
        </div>
      </fieldset>
      <ErrorNotice error={stats.error} />
      {stats.data === undefined ? <Loading /> : <Figures list={stats.data} format={format} />}
    </div>
  );
}

interface Formats {
  value(value: number): string;
  day(seconds: number): string;
  longDay(day: string): string;
}

function Figures({ list, format }: { list: DayStats[]; format: Formats }) {
  const { t } = useLanguage();
  const charts = useMemo(() => chartsOf(list, t), [list, t]);
  const sum = (pick: (day: DayStats) => number) => list.reduce((total, day) => total + pick(day), 0);
  const apiTotal = (day: DayStats) =>
    day.apiCalls['2xx'] + day.apiCalls['3xx'] + day.apiCalls['4xx'] + day.apiCalls['5xx'];
  const errors = new Map<string, number>();
  for (const day of list)
    for (const [code, count] of Object.entries(day.proxyErrors))
      errors.set(code, (errors.get(code) ?? 0) + count);
  const totals: Array<[string, number, string]> = [
    [t('stats.total.opens'), sum((d) => d.opens), 'opens'],
    [t('stats.total.busiestUsers'), Math.max(0, ...list.map((d) => d.users)), 'users'],
    [t('stats.total.screenViews'), sum((d) => d.screenViews), 'screen-views'],
    [t('stats.total.apiCalls'), sum(apiTotal), 'api-calls'],
    [t('stats.total.proxyErrors'), [...errors.values()].reduce((a, b) => a + b, 0), 'proxy-errors'],
    [t('stats.total.pushesDelivered'), sum((d) => d.pushes.delivered), 'pushes'],
  ];
  return (
    <>
      <dl className="stats-totals" data-testid="stats-totals">
        {totals.map(([label, value, id]) => (
          <div key={id} className="stat" data-testid={`total-${id}`}>
            <dt>{label}</dt>
            <dd>
              <strong>{format.value(value)}</strong>
            </dd>
          </div>
        ))}
      </dl>
      {charts.map((chart) => (
        <StatsChart
          key={chart.id}
          testId={`chart-${chart.id}`}
          title={chart.title}
          dayLabel={t('stats.table.day')}
          days={charts.days}
          series={chart.series}
          formatDay={format.day}
          formatValue={format.value}
        />
      ))}
      <section className="card">
        <h2>{t('stats.errors.title')}</h2>
        {errors.size === 0 ? (
          <p className="muted">{t('stats.errors.none')}</p>
        ) : (
          <table className="table" data-testid="stats-errors">
            <thead>
              <tr>
                <th>{t('stats.errors.code')}</th>
                <th>{t('stats.errors.count')}</th>
              </tr>
            </thead>
            <tbody>
              {[...errors].map(([code, count]) => (
                <tr key={code}>
                  <td>
                    <code>{code}</code>
                  </td>
                  <td>{format.value(count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <DayTable list={list} format={format} />
    </>
  );
}

/** The figures behind the charts, newest day first, for reading and for screen readers. */
function DayTable({ list, format }: { list: DayStats[]; format: Formats }) {
  const { t } = useLanguage();
  const latency = (day: DayStats) =>
    day.latencyMs ? `${format.value(day.latencyMs.p50)} / ${format.value(day.latencyMs.p95)}` : '—';
  return (
    <section className="card">
      <table className="table" data-testid="stats-days">
        <caption>{t('stats.table.caption')}</caption>
        <thead>
          <tr>
            <th>{t('stats.table.day')}</th>
            <th>{t('stats.series.opens')}</th>
            <th>{t('stats.series.users')}</th>
            <th>{t('stats.series.screenViews')}</th>
            <th>{t('stats.table.api')}</th>
            <th>{t('stats.table.latency')}</th>
            <th>{t('stats.table.pushes')}</th>
          </tr>
        </thead>
        <tbody>
          {[...list].reverse().map((day) => (
            <tr key={day.day} data-day={day.day}>
              <td>{format.longDay(day.day)}</td>
              <td data-field="opens">{format.value(day.opens)}</td>
              <td data-field="users">{format.value(day.users)}</td>
              <td>{format.value(day.screenViews)}</td>
              <td>
                {(['2xx', '3xx', '4xx', '5xx'] as const)
                  .map((c) => format.value(day.apiCalls[c]))
                  .join(' / ')}
              </td>
              <td>{latency(day)}</td>
              <td>
                {[day.pushes.sent, day.pushes.delivered, day.pushes.failed]
                  .map((n) => format.value(n))
                  .join(' / ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

type Translate = ReturnType<typeof useLanguage>['t'];

/** The four charts' series, made once per answer (a new array would redraw every chart). */
function chartsOf(list: DayStats[], t: Translate) {
  const line = (label: string, color: string, values: Array<number | null>): ChartSeries => ({
    label,
    color,
    values,
  });
  const pick = (f: (day: DayStats) => number | null) => list.map(f);
  const charts = [
    {
      id: 'usage',
      title: t('stats.chart.usage'),
      series: [
        line(
          t('stats.series.opens'),
          COLORS.blue,
          pick((d) => d.opens),
        ),
        line(
          t('stats.series.users'),
          COLORS.green,
          pick((d) => d.users),
        ),
        line(
          t('stats.series.screenViews'),
          COLORS.violet,
          pick((d) => d.screenViews),
        ),
      ],
    },
    {
      id: 'api',
      title: t('stats.chart.api'),
      series: [
        line(
          '2xx',
          COLORS.green,
          pick((d) => d.apiCalls['2xx']),
        ),
        line(
          '3xx',
          COLORS.blue,
          pick((d) => d.apiCalls['3xx']),
        ),
        line(
          '4xx',
          COLORS.amber,
          pick((d) => d.apiCalls['4xx']),
        ),
        line(
          '5xx',
          COLORS.red,
          pick((d) => d.apiCalls['5xx']),
        ),
      ],
    },
    {
      id: 'latency',
      title: t('stats.chart.latency'),
      series: [
        line(
          'p50',
          COLORS.blue,
          pick((d) => d.latencyMs?.p50 ?? null),
        ),
        line(
          'p95',
          COLORS.amber,
          pick((d) => d.latencyMs?.p95 ?? null),
        ),
      ],
    },
    {
      id: 'pushes',
      title: t('stats.chart.pushes'),
      series: [
        line(
          t('stats.series.sent'),
          COLORS.blue,
          pick((d) => d.pushes.sent),
        ),
        line(
          t('stats.series.delivered'),
          COLORS.green,
          pick((d) => d.pushes.delivered),
        ),
        line(
          t('stats.series.failed'),
          COLORS.red,
          pick((d) => d.pushes.failed),
        ),
      ],
    },
  ];
  const days = list.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  return Object.assign(charts, { days });
}

export default StatsPage;
