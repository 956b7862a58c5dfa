import type { FreeSlot } from '@skillroute/shared/availability';
import { SESSION_MINUTES } from '@skillroute/shared/bookings';
import { useId, useMemo, useState } from 'react';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import {
  formatLongDate,
  formatSlotTime,
  groupSlotsByLocalDate,
  localDateKey,
  zoneAbbreviation,
} from '@/lib/time-zones';
import { SlotCalendar } from './slot-calendar';
import { ZonePicker } from './zone-picker';

export interface SlotPickerProps {
  slots: readonly FreeSlot[];
  /** The window asked for, as instants. */
  from: string;
  to: string;
  zone: string;
  onZoneChange: (zone: string) => void;
  /** The chosen hour's start instant: kept by the page, so it survives a change of zone. */
  chosen: string | null;
  onChoose: (startTime: string) => void;
  /**
   * The start of the visitor's own running hold with this mentor, or null. The free slots (the same for every
   * visitor) leave held time out; this hour is shown among them, marked as the visitor's.
   */
  held?: string | null;
}

/**
 * The mentor's free hours for the next 60 days in the visitor's zone: a month calendar marks the days that
 * have any, and the chosen day's hours are listed. Choosing an hour marks it; the page books it (the booking panel under the picker).
 */
export function SlotPicker({
  slots,
  from,
  to,
  zone,
  onZoneChange,
  chosen,
  onChoose,
  held = null,
}: SlotPickerProps) {
  const id = useId();
  const hours = useMemo(() => withHeldHour(slots, held), [slots, held]);
  const byDay = useMemo(() => groupSlotsByLocalDate(hours, zone), [hours, zone]);
  const freeHours = useMemo(
    () => new Map([...byDay].map(([day, daySlots]) => [day, daySlots.length])),
    [byDay],
  );
  const first = localDateKey(from, zone);
  const last = localDateKey(to, zone);
  const shown = chosen ?? held;
  const chosenDay = shown ? localDateKey(shown, zone) : null;
  const firstFreeDay = byDay.keys().next().value ?? null;
  // A day picked by hand wins; otherwise the chosen hour's day, otherwise the first day with free hours.
  const [picked, setPicked] = useState<{ zone: string; day: string } | null>(null);
  const day =
    (picked?.zone === zone ? picked.day : null) ??
    (chosenDay && byDay.has(chosenDay) ? chosenDay : firstFreeDay);
  const daySlots = day ? (byDay.get(day) ?? []) : [];

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <span id={`${id}-zone`} className="text-sm font-medium">
          {t('Times are shown in')}
        </span>
        <ZonePicker zone={zone} onChange={onZoneChange} />
      </div>

      {hours.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {t('No free hours in the next 60 days.')}
        </p>
      ) : (
        <>
          {/* Keyed by zone: the days move when the zone does, so the calendar starts over on the chosen day. */}
          <SlotCalendar
            key={zone}
            first={first}
            last={last}
            freeHours={freeHours}
            selected={day}
            onSelect={(next) => setPicked({ zone, day: next })}
          />
          <section aria-labelledby={`${id}-hours`} className="flex flex-col gap-3">
            <h3 id={`${id}-hours`} className="text-base font-semibold">
              {day ? t('Free hours on {date}', { date: formatLongDate(day) }) : t('Free hours')}
            </h3>
            <p className="text-xs text-muted-foreground">
              {zone} ({zoneAbbreviation(zone, daySlots[0]?.startTime ?? from)})
            </p>
            {daySlots.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('No free hours on this day.')}</p>
            ) : (
              <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={t('Free hours')}>
                {daySlots.map((slot) => {
                  const isHeld = slot.startTime === held;
                  const isChosen = slot.startTime === (chosen ?? held);
                  return (
                    <li key={slot.startTime}>
                      <button
                        type="button"
                        aria-pressed={isChosen}
                        aria-label={
                          isHeld
                            ? t('{time}, held by you', { time: formatSlotTime(slot.startTime, zone) })
                            : undefined
                        }
                        onClick={() => onChoose(slot.startTime)}
                        className={cn(
                          'flex h-10 w-full flex-col items-center justify-center rounded-md border text-sm leading-tight font-medium outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/60',
                          isChosen
                            ? 'border-primary bg-primary text-primary-foreground'
                            : isHeld
                              ? 'border-dashed border-primary bg-primary/10 hover:bg-primary/20'
                              : 'border-input bg-background hover:border-primary hover:bg-accent dark:bg-input/30',
                        )}
                      >
                        {formatSlotTime(slot.startTime, zone)}
                        {isHeld && <span className="text-[0.7rem] font-normal">{t('held by you')}</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** The free hours with the visitor's own held hour among them (once, should a cached list still have it). */
function withHeldHour(slots: readonly FreeSlot[], held: string | null): readonly FreeSlot[] {
  if (held === null || slots.some((slot) => slot.startTime === held)) return slots;
  const endTime = new Date(Date.parse(held) + SESSION_MINUTES * 60_000).toISOString();
  return [...slots, { startTime: held, endTime }];
}
