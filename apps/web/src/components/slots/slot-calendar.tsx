import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  addDays,
  addMonths,
  formatLongDate,
  formatMonth,
  monthOf,
  monthWeeks,
  weekdayOf,
} from '@/lib/time-zones';

/** The calendar's column heads, Sunday first: short, and whole (for screen readers), in the reader's language. */
const weekdays = () =>
  [
    [t('Sun'), t('Sunday')],
    [t('Mon'), t('Monday')],
    [t('Tue'), t('Tuesday')],
    [t('Wed'), t('Wednesday')],
    [t('Thu'), t('Thursday')],
    [t('Fri'), t('Friday')],
    [t('Sat'), t('Saturday')],
  ] as const;

export interface SlotCalendarProps {
  /** First and last dates a visitor may pick, as "YYYY-MM-DD" in the shown zone. */
  first: string;
  last: string;
  /** Free hours per date. */
  freeHours: ReadonlyMap<string, number>;
  selected: string | null;
  onSelect: (day: string) => void;
}

const clamp = (day: string, first: string, last: string) => (day < first ? first : day > last ? last : day);

/**
 * A month of days as an ARIA grid (the APG date picker's keys): arrows move by a day or a week, Home and End
 * to the week's ends, Page Up and Page Down by a month; Enter or Space picks. Only one day is a tab stop.
 */
export function SlotCalendar({ first, last, freeHours, selected, onSelect }: SlotCalendarProps) {
  const [focusDay, setFocusDay] = useState(() => selected ?? first);
  const [month, setMonth] = useState(() => monthOf(selected ?? first));
  const moved = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focusDay}"]`)?.focus();
  }, [focusDay, month]);

  const focusOn = (day: string) => {
    const next = clamp(day, first, last);
    moved.current = true;
    setFocusDay(next);
    setMonth(monthOf(next));
  };

  const showMonth = (next: string) => {
    setMonth(next);
    // The tab stop follows to the new month: its first free day, else its first pickable one.
    const days = monthWeeks(next)
      .flat()
      .filter((day): day is string => day !== null && day >= first && day <= last);
    setFocusDay(days.find((day) => (freeHours.get(day) ?? 0) > 0) ?? days[0] ?? focusDay);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const weekday = weekdayOf(day);
    const targets: Record<string, string> = {
      ArrowLeft: addDays(day, -1),
      ArrowRight: addDays(day, 1),
      ArrowUp: addDays(day, -7),
      ArrowDown: addDays(day, 7),
      Home: addDays(day, -weekday),
      End: addDays(day, 6 - weekday),
      PageUp: addDays(day, -30),
      PageDown: addDays(day, 30),
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusOn(target);
  };

  const firstMonth = monthOf(first);
  const lastMonth = monthOf(last);
  const titleId = `calendar-${month}`;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('Previous month')}
          disabled={month <= firstMonth}
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h3 id={titleId} className="text-base font-semibold" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={t('Next month')}
          disabled={month >= lastMonth}
          onClick={() => showMonth(addMonths(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby={titleId}
        className="w-full table-fixed border-collapse text-center text-sm"
      >
        <thead>
          <tr>
            {weekdays().map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="pb-1 text-xs font-medium text-muted-foreground"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week, row) => (
            <tr key={row}>
              {week.map((day, column) => {
                if (day === null) return <td key={column} />;
                const inWindow = day >= first && day <= last;
                const hours = inWindow ? (freeHours.get(day) ?? 0) : 0;
                const isSelected = day === selected;
                const label = t(
                  '{date}, {hours, plural, =0 {no free hours} one {# free hour} other {# free hours}}',
                  { date: formatLongDate(day), hours },
                );
                return (
                  <td key={day} aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focusDay ? 0 : -1}
                      aria-label={label}
                      aria-disabled={hours === 0 || undefined}
                      onClick={() => {
                        focusOn(day);
                        if (hours > 0) onSelect(day);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      className={cn(
                        'relative mx-auto flex aspect-square w-full max-w-10 items-center justify-center rounded-md outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60',
                        hours > 0
                          ? 'font-semibold text-foreground hover:bg-accent'
                          : 'cursor-default text-muted-foreground/50',
                        isSelected && 'bg-primary text-primary-foreground hover:bg-primary/90',
                      )}
                    >
                      {Number(day.slice(8))}
                      {hours > 0 && !isSelected && (
                        <span
                          className="absolute bottom-1 size-1 rounded-full bg-primary"
                          aria-hidden="true"
                        />
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
