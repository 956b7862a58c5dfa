import { formatPaise } from '@skillroute/shared/money';
import { ChartFigure, chartAxis, chartTooltipStyle } from '@/components/charts/chart-figure';
import { t } from '@/lib/i18n';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { monthLabel, type MonthNet } from '../rules';

/**
 * The last 12 months' net earnings as bars. Like the admin dashboard's charts, this is the only earnings module
 * that imports recharts and the page loads it with React.lazy, so the library comes after the figures are on
 * screen. The picture is hidden from screen readers, which read the same numbers in a table.
 */
export default function EarningsChart({ months, title }: { months: MonthNet[]; title: string }) {
  return (
    <ChartFigure
      title={title}
      table={
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Month')}</th>
              <th scope="col">{t('Net earnings')}</th>
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
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={months} margin={{ top: 4, right: 4, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey="month" tickFormatter={monthLabel} minTickGap={8} {...chartAxis} />
          <YAxis tickFormatter={(paise: number) => formatPaise(paise)} width={72} {...chartAxis} />
          <Tooltip
            labelFormatter={(month) => monthLabel(String(month))}
            formatter={(paise) => formatPaise(Number(paise))}
            contentStyle={chartTooltipStyle}
            cursor={{ fill: 'var(--accent)' }}
          />
          <Bar dataKey="net" name={t('Net earnings')} fill="var(--primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
