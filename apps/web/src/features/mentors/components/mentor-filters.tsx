import { EXPERIENCE_CHOICES, LANGUAGES, languageLabel } from '@skillroute/shared/mentors-constants';
import { Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { t, translate } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { MentorFilters } from '../list-filters';

export const SEARCH_DELAY_MS = 300;

/** Native selects: searchable by typing, right on phones, and labelled like any field. */
const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 md:text-sm dark:bg-input/30';

/**
 * A text field that tells its value once typing pauses, and takes a new value from outside (the back
 * button, "Clear filters") without losing what is being typed.
 */
function useSettledText(value: string, onSettle: (text: string) => void) {
  const [draft, setDraft] = useState(value);
  const [outside, setOutside] = useState(value);
  if (value !== outside) {
    setOutside(value);
    setDraft(value);
  }
  const settle = useEffectEvent(onSettle);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => settle(draft), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

const splitCompanies = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export interface MentorFiltersProps {
  filters: MentorFilters;
  stacks: { names: string[]; loading: boolean; failed: boolean };
  onChange: (change: Partial<MentorFilters>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  canClear: boolean;
}

/** The listing's search box and filters; on phones the filters fold behind a button. */
export function MentorFiltersPanel({ filters, stacks, onChange, onClear, canClear }: MentorFiltersProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useSettledText(filters.search, (text) =>
    onChange({ search: text.trim() }, { replace: true }),
  );
  const companiesText = filters.companies.join(', ');
  const [companies, setCompanies] = useSettledText(companiesText, (text) =>
    onChange({ companies: splitCompanies(text) }, { replace: true }),
  );
  const active = [
    filters.skill !== 'all',
    filters.experience !== '',
    filters.languages.length > 0,
    filters.companies.length > 0,
  ].filter(Boolean).length;

  return (
    <div className="flex flex-col gap-4">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('Search mentors')}
          placeholder={t('Name, headline or company')}
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>

      <Button
        type="button"
        variant="outline"
        className="md:hidden"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((value) => !value)}
      >
        <SlidersHorizontal aria-hidden="true" />
        {open ? t('Hide filters') : t('Show filters')}
        {active > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">{active}</span>
        )}
      </Button>

      <section
        id={`${id}-panel`}
        aria-labelledby={`${id}-title`}
        className={cn('flex-col gap-5 rounded-xl border bg-card p-4 md:flex', open ? 'flex' : 'hidden')}
      >
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {t('Filters')}
        </h2>

        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-skill`}>{t('Skill')}</Label>
          <select
            id={`${id}-skill`}
            className={selectClass}
            value={filters.skill}
            disabled={stacks.loading && stacks.names.length === 0}
            onChange={(event) => onChange({ skill: event.target.value })}
          >
            <option value="all">{t('All skills')}</option>
            {/* A skill from a shared link that is not (or no longer) a stack still shows as chosen. */}
            {filters.skill !== 'all' && !stacks.names.includes(filters.skill) && (
              <option value={filters.skill}>{filters.skill}</option>
            )}
            {stacks.names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {stacks.failed && (
            <p className="text-xs text-muted-foreground">{t('The skills could not be loaded.')}</p>
          )}
        </div>

        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-experience`}>{t('Minimum experience')}</Label>
          <select
            id={`${id}-experience`}
            className={selectClass}
            value={filters.experience}
            onChange={(event) => onChange({ experience: event.target.value })}
          >
            <option value="">{t('Any experience')}</option>
            {EXPERIENCE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {translate(choice.label)}
              </option>
            ))}
          </select>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm leading-none font-medium">{t('Languages')}</legend>
          <div className="grid grid-cols-2 gap-x-3 gap-y-2">
            {LANGUAGES.map((language) => {
              const checked = filters.languages.includes(language);
              return (
                <label key={language} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-input accent-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                    checked={checked}
                    onChange={() =>
                      onChange({
                        languages: checked
                          ? filters.languages.filter((item) => item !== language)
                          : [...filters.languages, language],
                      })
                    }
                  />
                  {translate(languageLabel(language))}
                </label>
              );
            })}
          </div>
        </fieldset>

        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-companies`}>{t('Companies')}</Label>
          <Input
            id={`${id}-companies`}
            value={companies}
            placeholder={t('e.g. Acme, Globex')}
            aria-describedby={`${id}-companies-hint`}
            onChange={(event) => setCompanies(event.target.value)}
          />
          <p id={`${id}-companies-hint`} className="text-xs text-muted-foreground">
            {t('Separate names with commas; a mentor of any of them matches.')}
          </p>
        </div>

        <Button type="button" variant="outline" disabled={!canClear} onClick={onClear}>
          {t('Clear filters')}
        </Button>
      </section>
    </div>
  );
}
