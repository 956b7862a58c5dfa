import { formatPaise } from '@skillroute/shared/money';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel, type MonthNet } from '../rules';

const axis = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false } as const;
const tooltipStyle = {
  backgroundColor: 'var(--card)',
  borderColor: 'var(--border)',
  color: 'var(--card-foreground)',
  borderRadius: 8,
} as const;

/**
 * The last 12 months' net earnings as bars. Like the admin dashboard's charts, this is the only earnings module
 * that imports recharts and the page loads it with React.lazy, so the library comes after the figures are on
 * screen. The picture is hidden from screen readers, which read the same numbers in a table.
 */
export default function EarningsChart({ months, title }: { months: MonthNet[]; title: string }) {
  const captionId = useId();
  return (
    <figure
      aria-labelledby={captionId}
      className="grid gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm"
    >
      <figcaption id={captionId} className="font-semibold">
        {title}
      </figcaption>
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={months}
            margin={{ top: 4, right: 4, bottom: 0, left: 8 }}
          >
            <CartesianGrid vertical={false} stroke="var(--border)" />
            <XAxis dataKey="month" tickFormatter={monthLabel} minTickGap={8} {...axis} />
            <YAxis tickFormatter={(paise: number) => formatPaise(paise)} width={72} {...axis} />
            <Tooltip
              labelFormatter={(month) => monthLabel(String(month))}
              formatter={(paise) => formatPaise(Number(paise))}
              contentStyle={tooltipStyle}
              cursor={{ fill: 'var(--accent)' }}
            />
            <Bar dataKey="net" name="Net earnings" fill="var(--primary)" radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Net earnings</th>
          </tr>
        </thead>
        <tbody>
          {months.map(({ month, net }) => (
            <tr key={month}>
              <th scope="row">{monthLabel(month)}</th>
              <td>{formatPaise(net)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
