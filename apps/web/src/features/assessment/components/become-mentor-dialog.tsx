import { zodResolver } from '@hookform/resolvers/zod';
import { assessmentMessages } from '@skillroute/shared/assessments';
import {
  BIO_MAX,
  BIO_MIN,
  EXPERIENCE_CHOICES,
  LANGUAGES,
  languageLabel,
  mentorApplicationSchema,
  mentorMessages,
  type MentorApplication,
  type MentorApplicationInput,
} from '@skillroute/shared/mentors';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { RemovableChip } from '@/components/ui/removable-chip';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { errorStatus } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useGetMentorDetailsQuery } from '@/lib/mentor-details-api';
import { useGetStacksQuery } from '@/lib/stacks-api';
import { useApplyForStackMutation, useLazyGetOwnTestsQuery } from '../api';
import { applicationFromProfile, stacksNotHeld } from '../application-from-profile';
import { applicationOutcome } from '../application-outcome';

/** Example addresses, the same in every language. */
const LINKEDIN_EXAMPLE = 'https://www.linkedin.com/in/you';
const GITHUB_EXAMPLE = 'https://github.com/you';

const FIELDS = ['stackId', 'expirience', 'languages', 'headline', 'bio', 'linkedinUrl', 'githubUrl'] as const;
const EMPTY: MentorApplicationInput = {
  stackId: '',
  expirience: '' as MentorApplicationInput['expirience'],
  languages: [],
  headline: '',
  bio: '',
  linkedinUrl: '',
  githubUrl: '',
};

/**
 * The Become a Mentor dialog (spec §2, §4, §5, §8): the application, then its test's introduction. Opened
 * from the account menu's "Be mentor". A mentor opens it as "Add a skill" (issue 11): filled in from their
 * mentor profile, offering only the stacks they do not hold yet.
 */
export function BecomeMentorDialog({
  userId,
  isMentor,
  open,
  onOpenChange,
}: {
  userId: string;
  isMentor: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const stacks = useGetStacksQuery(undefined, { skip: !open });
  const profile = useGetMentorDetailsQuery(userId, { skip: !open || !isMentor });
  const mentor = profile.data?.mentor;
  const [apply] = useApplyForStackMutation();
  const [readOwnTests] = useLazyGetOwnTestsQuery();
  const navigate = useNavigate();
  const filled = useMemo(() => (mentor ? applicationFromProfile(mentor) : undefined), [mentor]);
  const form = useForm<MentorApplicationInput, unknown, MentorApplication>({
    resolver: zodResolver(mentorApplicationSchema),
    defaultValues: EMPTY,
    // The mentor's profile fills the form once it is read; what they typed meanwhile stays.
    values: filled,
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  // A mentor is never offered a stack they hold: that application could only be refused. Should their
  // profile not load, the server's refusal still says so.
  const offered =
    !isMentor || profile.isError
      ? stacks.data
      : mentor && stacks.data && stacksNotHeld(stacks.data, mentor.assessedSkills);

  // The stack is the first choice, but its select waits for the stacks (and a mentor's profile): until then
  // the dialog itself holds the focus, and hands it to the select once there is something to choose.
  const content = useRef<HTMLDivElement>(null);
  const stacksReady = offered !== undefined;
  useEffect(() => {
    if (open && stacksReady && document.activeElement === content.current) form.setFocus('stackId');
  }, [open, stacksReady, form]);

  const onSubmit = form.handleSubmit(async (application) => {
    const result = await apply({ ...application, userId });
    if ('error' in result) {
      const outcome = applicationOutcome(errorStatus(result.error), result.error);
      // Field messages from the server go under their fields (the same rules as the form's own).
      if (
        outcome.kind === 'invalid' &&
        applyServerErrors(
          result.error,
          FIELDS,
          (field, message) => form.setError(field, { message }, { shouldFocus: true }),
          '',
        ) === null
      )
        return;
      const running =
        outcome.kind === 'resume'
          ? (await readOwnTests()).data?.tests.find((test) => test.status === 'in_progress')
          : undefined;
      if (running) {
        const stack = running.stack.name;
        toast({
          title: translate(outcome.title),
          description:
            running.startedAt === null
              ? t('Back to your {stack} test: it starts when you press Start.', { stack })
              : t('Back to your {stack} test: the clock has kept running.', { stack }),
        });
        return openTest(running.id);
      }
      toast({ variant: 'destructive', title: translate(outcome.title) });
      return;
    }
    toast({ title: translate(mentorMessages.registered) });
    openTest(result.data.id);
  });

  function openTest(id: string) {
    onOpenChange(false);
    form.reset(EMPTY);
    navigate(`/assessment/${id}`);
  }

  const stackPlaceholder =
    stacks.isLoading || (isMentor && profile.isLoading)
      ? translate(assessmentMessages.loadingStacks)
      : stacks.isError
        ? translate(assessmentMessages.stacksError)
        : offered?.length === 0
          ? t('You hold every stack offered')
          : t('Select a stack');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={content}
        className="max-h-[92dvh] overflow-y-auto sm:max-w-xl"
        onOpenAutoFocus={(event) => {
          if (stacksReady) return;
          event.preventDefault();
          content.current?.focus();
        }}
      >
        <DialogHeader>
          {isMentor ? (
            <>
              <DialogTitle>{t('Add a skill')}</DialogTitle>
              <DialogDescription>
                {t(
                  'Choose a stack to be tested in: a test follows the submission. Passing adds it to your assessed skills; your profile, filled in below, stays as it is.',
                )}
              </DialogDescription>
            </>
          ) : (
            <>
              <DialogTitle>{t('Become a Mentor')}</DialogTitle>
              <DialogDescription>
                {t(
                  'Please fill in your details to become a mentor ( after a submission there will be a test ).',
                )}
              </DialogDescription>
            </>
          )}
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="mentor-stack" label={t('Stack Domain')} error={errors.stackId?.message}>
              {(control) => (
                <Controller
                  control={form.control}
                  name="stackId"
                  render={({ field }) => (
                    <Select
                      value={field.value ?? ''}
                      onValueChange={field.onChange}
                      disabled={!offered || offered.length === 0}
                    >
                      <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur} className="w-full">
                        <SelectValue placeholder={stackPlaceholder} />
                      </SelectTrigger>
                      <SelectContent>
                        {offered?.map((stack) => (
                          <SelectItem key={stack.id} value={stack.id}>
                            {stack.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
            <FormField
              id="mentor-experience"
              label={t('Experience Level')}
              error={errors.expirience?.message}
            >
              {(control) => (
                <Controller
                  control={form.control}
                  name="expirience"
                  render={({ field }) => (
                    <Select value={field.value ?? ''} onValueChange={field.onChange}>
                      <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur} className="w-full">
                        <SelectValue placeholder={t('Select your experience')} />
                      </SelectTrigger>
                      <SelectContent>
                        {EXPERIENCE_CHOICES.map((choice) => (
                          <SelectItem key={choice.value} value={choice.value}>
                            {translate(choice.label)}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              )}
            </FormField>
          </div>
          {stacks.isError && (
            <p role="alert" className="text-sm text-destructive dark:text-red-300">
              {translate(assessmentMessages.stacksError)}
            </p>
          )}
          <FormField id="mentor-headline" label={t('Professional Headline')} error={errors.headline?.message}>
            {(control) => (
              <Input
                {...control}
                {...form.register('headline')}
                placeholder={t('e.g. Senior frontend engineer at a fintech')}
                autoComplete="off"
              />
            )}
          </FormField>
          <FormField
            id="mentor-languages"
            label={t('Preferred Language')}
            error={errors.languages?.message ?? errors.languages?.root?.message}
          >
            {(control) => (
              <Controller
                control={form.control}
                name="languages"
                render={({ field }) => {
                  const chosen = field.value ?? [];
                  // Re-validated on every change (spec §4): a language is added once and removed by its chip.
                  const change = (next: string[]) =>
                    form.setValue('languages', next as MentorApplicationInput['languages'], {
                      shouldValidate: true,
                      shouldDirty: true,
                    });
                  return (
                    <div className="grid gap-2">
                      <Select
                        value=""
                        onValueChange={(language) =>
                          !chosen.includes(language as never) && change([...chosen, language])
                        }
                      >
                        <SelectTrigger {...control} ref={field.ref} onBlur={field.onBlur} className="w-full">
                          <SelectValue
                            placeholder={
                              chosen.length === 0 ? t('Select languages') : t('Add another language')
                            }
                          />
                        </SelectTrigger>
                        <SelectContent>
                          {LANGUAGES.map((language) => (
                            <SelectItem key={language} value={language} disabled={chosen.includes(language)}>
                              {translate(languageLabel(language))}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                      {chosen.length > 0 && (
                        <ul aria-label={t('Chosen languages')} className="flex flex-wrap gap-2">
                          {chosen.map((language) => (
                            <RemovableChip
                              key={language}
                              label={translate(languageLabel(language))}
                              onRemove={() => change(chosen.filter((other) => other !== language))}
                            />
                          ))}
                        </ul>
                      )}
                    </div>
                  );
                }}
              />
            )}
          </FormField>
          <FormField
            id="mentor-bio"
            label={t('Bio')}
            error={errors.bio?.message}
            hint={t('{min} to {max} characters: what you have built, and how you can help.', {
              min: BIO_MIN,
              max: BIO_MAX,
            })}
          >
            {(control) => <Textarea {...control} {...form.register('bio')} rows={4} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="mentor-linkedin" label={t('LinkedIn profile')} error={errors.linkedinUrl?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('linkedinUrl')}
                  type="url"
                  inputMode="url"
                  placeholder={LINKEDIN_EXAMPLE}
                />
              )}
            </FormField>
            <FormField id="mentor-github" label={t('GitHub profile')} error={errors.githubUrl?.message}>
              {(control) => (
                <Input
                  {...control}
                  {...form.register('githubUrl')}
                  type="url"
                  inputMode="url"
                  placeholder={GITHUB_EXAMPLE}
                />
              )}
            </FormField>
          </div>
          <DialogFooter>
            <SubmitButton pending={isSubmitting} variant="default" size="default">
              {t('Submit Application')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
