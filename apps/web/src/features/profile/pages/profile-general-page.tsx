import { nameSchema } from '@skillroute/shared/auth';
import { DEFAULT_TIMEZONE } from '@skillroute/shared/availability-constants';
import { Mail } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FormAlert } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-error';
import { schemaMessage } from '@/lib/form-errors';
import { t } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { selectCurrentUser } from '@/features/auth/api';
import { useAppSelector } from '@/lib/store-hooks';
import { useGetUserQuery, useUpdateUserMutation, type UserUpdate } from '../api';
import { AvatarEditor } from '../components/avatar-editor';
import { InlineEditField } from '../components/inline-edit-field';
import { OwnTimezoneField } from '../components/own-timezone-field';
import { profileMessages } from '../profile-messages';

// Only mentors have these fields: everyone else never downloads them (nor the select they use).
const MentorProfileFields = lazy(async () => ({
  default: (await import('../components/mentor-profile-fields')).MentorProfileFields,
}));

/** /profile and /profile/general: picture, name (editable in place), e-mail (read-only), and a mentor's profile. */
export function ProfileGeneralPage() {
  const signedIn = useAppSelector(selectCurrentUser);
  const userId = signedIn?.id ?? '';
  // Spec §7: read fresh on every visit, never from the cache.
  const { data, error } = useGetUserQuery(userId, { skip: !signedIn, refetchOnMountOrArgChange: true });
  const [updateUser] = useUpdateUserMutation();
  const profile = data?.user ?? signedIn;
  if (!profile) return null;

  async function update(change: UserUpdate, successText: string): Promise<boolean> {
    const result = await updateUser(change);
    if ('error' in result) {
      toast({
        variant: 'destructive',
        title: profileMessages.failureTitle,
        description: errorMessage(result.error, profileMessages.failureFallback),
      });
      return false;
    }
    toast({ title: profileMessages.successTitle, description: successText });
    return true;
  }

  return (
    <section aria-labelledby="profile-title" className="grid gap-6">
      <div className="grid gap-1">
        <h1 id="profile-title" className="text-2xl font-bold tracking-tight">
          {t('Profile')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('How you appear to mentors and learners.')}</p>
      </div>
      {error && !data && (
        <FormAlert>
          {errorMessage(error, t('Your profile could not be loaded. Showing the last saved copy.'))}
        </FormAlert>
      )}
      <div className="flex flex-col items-center gap-8 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:flex-row sm:items-start sm:p-8">
        <AvatarEditor
          name={profile.name}
          avatar={profile.avatar}
          onUpload={(avatar) => update({ userId: profile.id, avatar }, profileMessages.avatarSaved)}
        />
        <div className="grid w-full min-w-0 gap-5">
          <InlineEditField
            label={t('Name')}
            value={profile.name}
            validate={(value) => schemaMessage(nameSchema, value)}
            onSave={async (name) => {
              await update({ userId: profile.id, name }, profileMessages.detailsSaved);
            }}
          />
          <div className="grid gap-1">
            <span className="text-sm font-medium text-muted-foreground">{t('E-mail')}</span>
            <p className="flex items-center gap-2 [overflow-wrap:anywhere]">
              <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              {profile.email}
            </p>
          </div>
          <OwnTimezoneField
            value={profile.timezone ?? DEFAULT_TIMEZONE}
            onSave={(timezone) => update({ userId: profile.id, timezone }, profileMessages.timezoneSaved)}
          />
        </div>
      </div>
      {/* Spec §6: only mentors see and edit these. */}
      {profile.role === 'mentor' && (
        <Suspense fallback={null}>
          <MentorProfileFields mentorId={profile.id} />
        </Suspense>
      )}
    </section>
  );
}
