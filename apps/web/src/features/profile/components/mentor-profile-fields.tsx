import {
  COMPANIES_MAX,
  LANGUAGES,
  bioSchema,
  companiesSchema,
  experienceTextSchema,
  headlineSchema,
  languageLabel,
  languagesSchema,
  mentorMessages,
  type MentorProfile,
  type MentorProfileChange,
} from '@skillroute/shared/mentors';
import { BadgeCheck, Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { RemovableChip } from '@/components/ui/removable-chip';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { FormAlert } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { schemaMessage } from '@/lib/form-errors';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useUpdateMentorMutation } from '@/features/mentors/api';
import { useGetMentorDetailsQuery } from '@/lib/mentor-details-api';
import { profileMessages } from '../profile-messages';
import { sessionPriceText } from '../session-price';
import { AvailabilityDialog } from './availability-dialog';
import { InlineEditField } from './inline-edit-field';

/**
 * What only mentors see and edit on /profile/general (spec §2, §5): headline, "N+ years experience",
 * About, "Languages That I Speak", the companies and the assessed skills, each saved through `PUT /api/mentor`;
 * the rate per session and "Manage Availability", which opens the Availability dialog.
 */
export function MentorProfileFields({ mentorId }: { mentorId: string }) {
  // Spec §7: never cached, read on every visit.
  const { data, error, isLoading } = useGetMentorDetailsQuery(mentorId, { refetchOnMountOrArgChange: true });
  const [updateMentor] = useUpdateMentorMutation();

  async function save(change: MentorProfileChange): Promise<boolean> {
    const result = await updateMentor({ mentorId, updatedData: change });
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: profileMessages.failureTitle,
        description: errorMessage(result.error, profileMessages.failureFallback),
      });
      return false;
    }
    toast({ title: profileMessages.successTitle, description: translate(mentorMessages.profileSaved) });
    return true;
  }

  if (isLoading) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (!data)
    return <FormAlert>{errorMessage(error, t('Your mentor profile could not be loaded.'))}</FormAlert>;
  const mentor = data.mentor;

  return (
    <section
      aria-labelledby="mentor-profile-title"
      className="grid gap-5 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
    >
      <h2 id="mentor-profile-title" className="text-lg font-semibold">
        {t('Mentor profile')}
      </h2>
      <InlineEditField
        label={t('Headline')}
        value={mentor.headline}
        validate={(value) => schemaMessage(headlineSchema, value)}
        onSave={async (headline) => void (await save({ headline }))}
      />
      <InlineEditField
        label={t('Experience')}
        value={String(mentor.expirience)}
        inputMode="numeric"
        display={(value) => t('{value}+ years experience', { value })}
        validate={(value) => schemaMessage(experienceTextSchema, value)}
        onSave={async (value) => void (await save({ expirience: experienceTextSchema.parse(value) }))}
      />
      <InlineEditField
        label={t('About')}
        value={mentor.bio}
        multiline
        validate={(value) => schemaMessage(bioSchema, value)}
        onSave={async (bio) => void (await save({ bio }))}
      />
      <LanguageChips
        languages={mentor.languages}
        onChange={(languages) => save({ languages: languages as MentorProfileChange['languages'] })}
      />
      <CompanyChips companies={mentor.companies} onChange={(companies) => save({ companies })} />
      <SkillChips skills={mentor.assessedSkills} />
      <div className="grid gap-2">
        <h3 className="text-sm font-medium text-muted-foreground">{t('Availability')}</h3>
        <p className={mentor.pricePerSession === null ? 'text-sm text-muted-foreground' : 'font-medium'}>
          {mentor.pricePerSession === null ? t('No rate set yet') : sessionPriceText(mentor.pricePerSession)}
        </p>
        <AvailabilityDialog mentorId={mentorId} />
      </div>
    </section>
  );
}

/** "Languages That I Speak": add from the list (each once), remove by the chip's cross; never none. */
function LanguageChips({
  languages,
  onChange,
}: {
  languages: MentorProfile['languages'];
  onChange: (languages: string[]) => Promise<boolean>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function change(next: string[]) {
    const problem = schemaMessage(languagesSchema, next);
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await onChange(next);
    } finally {
      setPending(false);
    }
  }

  const available = LANGUAGES.filter((language) => !languages.includes(language));
  return (
    <div className="grid gap-2" aria-busy={pending || undefined}>
      <h3 id="languages-title" className="text-sm font-medium text-muted-foreground">
        {t('Languages That I Speak')}
      </h3>
      <ul aria-labelledby="languages-title" className="flex flex-wrap gap-2">
        {languages.map((language) => (
          <RemovableChip
            key={language}
            label={translate(languageLabel(language))}
            disabled={pending}
            onRemove={() => void change(languages.filter((other) => other !== language))}
          />
        ))}
      </ul>
      {available.length > 0 && (
        <Select
          value=""
          disabled={pending}
          onValueChange={(language) => void change([...languages, language])}
        >
          <SelectTrigger aria-label={t('Add a language')} className="w-48">
            <SelectValue placeholder={t('Add a language')} />
          </SelectTrigger>
          <SelectContent>
            {available.map((language) => (
              <SelectItem key={language} value={language}>
                {translate(languageLabel(language))}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The companies the mentor works or worked at (DESIGN.md §4): typed in, each once, at most 5. */
function CompanyChips({
  companies,
  onChange,
}: {
  companies: string[];
  onChange: (companies: string[]) => Promise<boolean>;
}) {
  const inputId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function change(next: string[]): Promise<boolean> {
    const problem = schemaMessage(companiesSchema, next);
    setError(problem);
    if (problem) return false;
    setPending(true);
    try {
      return await onChange(next.map((company) => company.trim()));
    } finally {
      setPending(false);
    }
  }

  async function add() {
    if (await change([...companies, draft])) setDraft('');
  }

  return (
    <div className="grid gap-2" aria-busy={pending || undefined}>
      <h3 id="companies-title" className="text-sm font-medium text-muted-foreground">
        {t('Companies')}
      </h3>
      {companies.length > 0 ? (
        <ul aria-labelledby="companies-title" className="flex flex-wrap gap-2">
          {companies.map((company) => (
            <RemovableChip
              key={company}
              label={company}
              disabled={pending}
              onRemove={() => void change(companies.filter((other) => other !== company))}
            />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('Where you work or worked: mentees can search for it.')}
        </p>
      )}
      <div className="flex max-w-md gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('Add a company')}
        </label>
        <Input
          id={inputId}
          value={draft}
          placeholder={t('Add a company (up to {max})', { max: COMPANIES_MAX })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!pending) void add();
          }}
        />
        <Button type="button" variant="outline" disabled={pending} onClick={() => void add()}>
          <Plus aria-hidden="true" />
          {t('Add')}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The stacks whose test the mentor passed: earned, so not editable. */
function SkillChips({ skills }: { skills: string[] }) {
  return (
    <div className="grid gap-2">
      <h3 id="skills-title" className="text-sm font-medium text-muted-foreground">
        {t('Assessed skills')}
      </h3>
      <ul aria-labelledby="skills-title" className="flex flex-wrap gap-2">
        {skills.map((skill) => (
          <li
            key={skill}
            className="flex items-center gap-1.5 rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-sm font-medium"
          >
            <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
            {skill}
          </li>
        ))}
      </ul>
    </div>
  );
}
