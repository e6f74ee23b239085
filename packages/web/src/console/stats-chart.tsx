// One chart of daily figures drawn by uPlot; this module (and uPlot with it) is part of the statistics page's own chunk.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';

export interface ChartSeries {
  label: string;
  color: string;
  /** One value per day; null where there is nothing to draw (latency on a day without requests). */
  values: Array<number | null>;
}

const HEIGHT = 220; // px

/**
 * `days` are the start of each UTC day in seconds (uPlot's time scale); labels and values go through the
 * caller's Intl formatters, so axes and legend read in the page's language.
 */
export function StatsChart(props: {
  title: string;
  /** The legend's name for the day. */
  dayLabel: string;
  days: number[];
  series: ChartSeries[];
  formatDay(seconds: number): string;
  formatValue(value: number): string;
  testId: string;
}) {
  const { title, dayLabel, days, series, formatDay, formatValue, testId } = props;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        scales: { x: { time: true } },
        series: [
          { label: dayLabel, value: (_u, seconds) => (seconds == null ? '—' : formatDay(seconds)) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            points: { show: days.length <= 62 },
            value: (_u: uPlot, v: number | null) => (v == null ? '—' : formatValue(v)),
          })),
        ],
        axes: [
          { values: (_u, splits) => splits.map((seconds) => formatDay(seconds)) },
          { values: (_u, splits) => splits.map((v) => formatValue(v)), size: 60 },
        ],
      },
      [days, ...series.map((s) => s.values)] as uPlot.AlignedData,
      element,
    );
    // The page's width changes with the window: the chart follows.
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [dayLabel, days, series, formatDay, formatValue]);
  return (
    <figure className="card stats-chart" data-testid={testId}>
      <figcaption>
        <strong>{title}</strong>
      </figcaption>
      <div ref={box} />
    </figure>
  );
}
