import { useId, type ReactNode } from 'react';

/** Recharts axes in the theme's colours, the same in every chart of the app. */
export const chartAxis = { stroke: 'var(--muted-foreground)', fontSize: 12, tickLine: false } as const;

/** A chart tooltip on the theme's card, so both themes read well. */
export const chartTooltipStyle = {
  backgroundColor: 'var(--card)',
  borderColor: 'var(--border)',
  color: 'var(--card-foreground)',
  borderRadius: 8,
} as const;

/**
 * A chart's frame: a captioned card whose picture is hidden from screen readers, which read `table` (the same
 * numbers) instead. It imports nothing of recharts, so the pages that lazy-load their charts keep doing so.
 */
export function ChartFigure({
  title,
  children,
  table,
}: {
  title: string;
  children: ReactNode;
  table: ReactNode;
}) {
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
        {children}
      </div>
      <div className="sr-only">{table}</div>
    </figure>
  );
}
