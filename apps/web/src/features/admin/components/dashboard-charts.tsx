import type { DashboardDay } from '@skillroute/shared/admin-console';
import { formatPaise } from '@skillroute/shared/money';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartFigure, chartAxis, chartTooltipStyle } from '@/components/charts/chart-figure';
import { t } from '@/lib/i18n';
import { dayLabel } from '../dashboard-figures';

/**
 * The dashboard's three charts of the last 30 days. This module is the only one that imports recharts, and the
 * dashboard loads it with React.lazy: the library reaches the browser on the admin dashboard only, after the
 * counts are already on screen. Colours are the theme's variables, so both themes read well; each chart has
 * its numbers in a table for screen readers.
 */

interface ChartProps {
  days: DashboardDay[];
}

function DataTable({
  caption,
  days,
  value,
}: {
  caption: string;
  days: DashboardDay[];
  value: (day: DashboardDay) => string;
}) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('Day')}</th>
          <th scope="col">{caption}</th>
        </tr>
      </thead>
      <tbody>
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row">{dayLabel(day.date)}</th>
            <td>{value(day)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CountChart({
  days,
  dataKey,
  title,
}: ChartProps & { dataKey: 'signUps' | 'bookings'; title: string }) {
  return (
    <ChartFigure
      title={title}
      table={<DataTable caption={title} days={days} value={(day) => String(day[dataKey])} />}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={days} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={16} {...chartAxis} />
          <YAxis allowDecimals={false} {...chartAxis} />
          <Tooltip
            labelFormatter={(date) => dayLabel(String(date))}
            contentStyle={chartTooltipStyle}
            cursor={{ fill: 'var(--accent)' }}
          />
          <Bar dataKey={dataKey} name={title} fill="var(--primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

function RevenueChart({ days }: ChartProps) {
  const title = t('Revenue');
  return (
    <ChartFigure
      title={title}
      table={<DataTable caption={title} days={days} value={(day) => formatPaise(day.revenue)} />}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={days} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="date" tickFormatter={dayLabel} minTickGap={16} {...chartAxis} />
          <YAxis tickFormatter={(paise: number) => formatPaise(paise)} width={72} {...chartAxis} />
          <Tooltip
            labelFormatter={(date) => dayLabel(String(date))}
            formatter={(paise) => formatPaise(Number(paise))}
            contentStyle={chartTooltipStyle}
          />
          <Line
            type="linear"
            dataKey="revenue"
            name={title}
            stroke="var(--primary)"
            strokeWidth={2}
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export default function DashboardCharts({ days }: ChartProps) {
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <CountChart days={days} dataKey="signUps" title={t('Sign-ups')} />
      <CountChart days={days} dataKey="bookings" title={t('Paid bookings')} />
      <RevenueChart days={days} />
    </div>
  );
}
