import { LANGUAGES, bioSchema, experienceTextSchema, headlineSchema, languageLabel, languagesSchema, mentorMessages, type MentorProfile, type MentorProfileChange } from '@skillroute/shared/mentors';
import { BadgeCheck } from 'lucide-react';
import { useState } from 'react';
import { RemovableChip } from '@/components/ui/removable-chip';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { FormAlert } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { schemaMessage } from '@/lib/form-errors';
import { toast } from '@/lib/use-toast';
import { useGetMentorDetailsQuery, useUpdateMentorMutation } from '@/features/mentors/api';
import { profileMessages } from '../profile-messages';
import { InlineEditField } from './inline-edit-field';

/**
 * What only mentors see and edit on /profile/general (spec §2, §5): headline, "N+ years experience",
 * About, "Languages That I Speak" and the assessed skills, each saved through `PUT /api/mentor`.
 */
export function MentorProfileFields({ mentorId }: { mentorId: string }) {
  // Spec §7: never cached, read on every visit.
  const { data, error, isLoading } = useGetMentorDetailsQuery(mentorId, { refetchOnMountOrArgChange: true });
  const [updateMentor] = useUpdateMentorMutation();

  async function save(change: MentorProfileChange): Promise<boolean> {
    const result = await updateMentor({ mentorId, updatedData: change });
    if ('error' in result) {
      toast({ variant: 'destructive', title: profileMessages.failureTitle, description: errorMessage(result.error, profileMessages.failureFallback) });
      return false;
    }
    toast({ title: profileMessages.successTitle, description: mentorMessages.profileSaved });
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
  if (!data) return <FormAlert>{errorMessage(error, 'Your mentor profile could not be loaded.')}</FormAlert>;
  const mentor = data.mentor;

  return (
    <section aria-labelledby="mentor-profile-title" className="grid gap-5 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
      <h2 id="mentor-profile-title" className="text-lg font-semibold">
        Mentor profile
      </h2>
      <InlineEditField label="Headline" value={mentor.headline} validate={(value) => schemaMessage(headlineSchema, value)} onSave={async (headline) => void (await save({ headline }))} />
      <InlineEditField
        label="Experience"
        value={String(mentor.expirience)}
        inputMode="numeric"
        display={(value) => `${value}+ years experience`}
        validate={(value) => schemaMessage(experienceTextSchema, value)}
        onSave={async (value) => void (await save({ expirience: experienceTextSchema.parse(value) }))}
      />
      <InlineEditField label="About" value={mentor.bio} multiline validate={(value) => schemaMessage(bioSchema, value)} onSave={async (bio) => void (await save({ bio }))} />
      <LanguageChips languages={mentor.languages} onChange={(languages) => save({ languages: languages as MentorProfileChange['languages'] })} />
      <SkillChips skills={mentor.assessedSkills} />
    </section>
  );
}

/** "Languages That I Speak": add from the list (each once), remove by the chip's cross; never none. */
function LanguageChips({ languages, onChange }: { languages: MentorProfile['languages']; onChange: (languages: string[]) => Promise<boolean> }) {
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
        Languages That I Speak
      </h3>
      <ul aria-labelledby="languages-title" className="flex flex-wrap gap-2">
        {languages.map((language) => (
          <RemovableChip key={language} label={languageLabel(language)} disabled={pending} onRemove={() => void change(languages.filter((other) => other !== language))} />
        ))}
      </ul>
      {available.length > 0 && (
        <Select value="" disabled={pending} onValueChange={(language) => void change([...languages, language])}>
          <SelectTrigger aria-label="Add a language" className="w-48">
            <SelectValue placeholder="Add a language" />
          </SelectTrigger>
          <SelectContent>
            {available.map((language) => (
              <SelectItem key={language} value={language}>
                {languageLabel(language)}
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

/** The stacks whose test the mentor passed: earned, so not editable. */
function SkillChips({ skills }: { skills: string[] }) {
  return (
    <div className="grid gap-2">
      <h3 id="skills-title" className="text-sm font-medium text-muted-foreground">
        Assessed skills
      </h3>
      <ul aria-labelledby="skills-title" className="flex flex-wrap gap-2">
        {skills.map((skill) => (
          <li key={skill} className="flex items-center gap-1.5 rounded-full border border-primary/40 bg-primary/10 px-3 py-1 text-sm font-medium">
            <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
            {skill}
          </li>
        ))}
      </ul>
    </div>
  );
}
