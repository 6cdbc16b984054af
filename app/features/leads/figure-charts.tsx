import { useId, type ReactNode } from "react";
import type { FigureBar } from "./lead-figures";
import { formatCount } from "~/lib/money";

/**
 * Charts drawn on the server as SVG (they need no JavaScript), each with its
 * figures as a table: screen readers are pointed at the table, and anyone can
 * open it under the chart.
 */

interface ChartProps {
  title: string;
  /** One sentence that says what the chart shows, for screen readers. */
  summary: string;
  bars: FigureBar[];
  /** The table's heading for the labels column. */
  labelHeading: string;
  valueHeading: string;
  /** How a label is shown under a column or in the table (dates, for example). */
  formatLabel?: (label: string) => string;
}

function ChartFrame({
  title,
  summary,
  bars,
  labelHeading,
  valueHeading,
  formatLabel = (label) => label,
  children,
}: ChartProps & { children: (ids: { title: string; summary: string }) => ReactNode }) {
  const id = useId();
  const ids = { title: `${id}-title`, summary: `${id}-summary` };
  return (
    <figure className="grid gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200" aria-labelledby={ids.title}>
      <figcaption id={ids.title} className="font-semibold text-slate-900">
        {title}
      </figcaption>
      <p id={ids.summary} className="sr-only">
        {summary}
      </p>
      {children(ids)}
      <details className="text-sm text-slate-700">
        <summary className="cursor-pointer py-0.5 font-medium text-brand-700 underline-offset-2 hover:underline">Show the figures as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-slate-200">
              <th scope="col" className="py-1 pr-4 font-semibold">
                {labelHeading}
              </th>
              <th scope="col" className="py-1 text-right font-semibold">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.label} className="border-b border-slate-100">
                <th scope="row" className="py-1 pr-4 font-normal">
                  {formatLabel(bar.label)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatCount(bar.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

const WIDTH = 600;
const COLUMN_HEIGHT = 160;
const AXIS = 20;

/** Columns over time (one a day), the first, middle and last labelled. */
export function ColumnChart(props: ChartProps) {
  const { bars, formatLabel = (label: string) => label } = props;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const step = WIDTH / Math.max(1, bars.length);
  const labelled = new Set([0, Math.floor((bars.length - 1) / 2), bars.length - 1]);
  return (
    <ChartFrame {...props}>
      {(ids) => (
        <svg viewBox={`0 0 ${WIDTH} ${COLUMN_HEIGHT + AXIS}`} className="h-auto w-full" role="img" aria-labelledby={`${ids.title} ${ids.summary}`}>
          <line x1={0} x2={WIDTH} y1={COLUMN_HEIGHT} y2={COLUMN_HEIGHT} className="stroke-slate-300" />
          <text x={0} y={12} className="fill-slate-500 text-[11px]">
            {formatCount(max)}
          </text>
          {bars.map((bar, index) => {
            const height = (bar.value / max) * (COLUMN_HEIGHT - 16);
            return (
              <g key={bar.label}>
                <rect
                  x={index * step + step * 0.15}
                  y={COLUMN_HEIGHT - height}
                  width={step * 0.7}
                  height={height}
                  rx={2}
                  className="fill-brand-600"
                  data-value={bar.value}
                />
                {labelled.has(index) ? (
                  <text
                    x={index * step + step / 2}
                    y={COLUMN_HEIGHT + 15}
                    textAnchor={index === 0 ? "start" : index === bars.length - 1 ? "end" : "middle"}
                    className="fill-slate-500 text-[11px]"
                  >
                    {formatLabel(bar.label)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      )}
    </ChartFrame>
  );
}

const ROW_HEIGHT = 28;
const LABEL_WIDTH = 220;

/** One horizontal bar per category, labelled with its count. */
export function BarChart(props: ChartProps) {
  const { bars, formatLabel = (label: string) => label } = props;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const barSpace = WIDTH - LABEL_WIDTH - 60;
  return (
    <ChartFrame {...props}>
      {(ids) =>
        bars.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing to show yet.</p>
        ) : (
          <svg viewBox={`0 0 ${WIDTH} ${bars.length * ROW_HEIGHT}`} className="h-auto w-full" role="img" aria-labelledby={`${ids.title} ${ids.summary}`}>
            {bars.map((bar, index) => {
              const y = index * ROW_HEIGHT;
              const width = (bar.value / max) * barSpace;
              return (
                <g key={bar.label}>
                  <text x={0} y={y + 18} className="fill-slate-700 text-[13px]">
                    {formatLabel(bar.label)}
                  </text>
                  <rect x={LABEL_WIDTH} y={y + 5} width={width} height={ROW_HEIGHT - 10} rx={3} className="fill-brand-600" data-value={bar.value} />
                  <text x={LABEL_WIDTH + width + 6} y={y + 18} className="fill-slate-700 text-[13px] tabular-nums">
                    {formatCount(bar.value)}
                  </text>
                </g>
              );
            })}
          </svg>
        )
      }
    </ChartFrame>
  );
}
