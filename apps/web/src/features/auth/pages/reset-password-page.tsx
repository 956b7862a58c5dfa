import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, passwordSchema } from '@skillroute/shared/auth';
import { msg } from '@skillroute/shared/i18n/msg';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerErrors } from '@/lib/form-errors';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useResetPasswordMutation } from '../api';
import { AuthCard, AuthHeading } from '../components/auth-card';

/** A rule's message (shown through `translate`, like the shared rules' messages). */
export const PASSWORDS_DIFFER = msg('The passwords do not match');

/** The new password twice; the server checks only the first, with the shared rule. */
const resetFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DIFFER,
  });
type ResetForm = z.input<typeof resetFormSchema>;

/** /reset-password?token=: set a new password from the mailed link. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [resetPassword] = useResetPasswordMutation();
  const [linkError, setLinkError] = useState<string | null>(() =>
    token ? null : t('This reset link is not complete. Please ask for a new one.'),
  );
  const form = useForm<ResetForm, unknown, z.output<typeof resetFormSchema>>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const result = await resetPassword({ token, password });
    if ('error' in result) {
      // A password message goes under the field; anything else is about the link (used, expired, forged).
      setLinkError(
        applyServerErrors(
          result.error,
          ['password'],
          (field, message) => form.setError(field, { message }, { shouldFocus: true }),
          t('This reset link is not valid.'),
        ),
      );
      return;
    }
    toast({ title: t('Password changed'), description: t('Sign in with your new password.') });
    await navigate('/login', { replace: true });
  });

  return (
    <AuthCard
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          {t('Back to sign in')}
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <AuthHeading
          title={t('Set a new password')}
          description={t('Choose a new password. It signs you out on every other device.')}
        />
        {linkError && (
          <FormAlert>
            {translate(linkError)}{' '}
            <Link to="/forgot-password" className="font-medium underline underline-offset-4">
              {t('Ask for a new link')}
            </Link>
          </FormAlert>
        )}
        <FormField
          id="password"
          label={t('New password')}
          error={errors.password?.message}
          hint={t('At least {min} characters, with a letter and a digit.', { min: PASSWORD_MIN })}
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...form.register('password')}
              autoComplete="new-password"
              disabled={!token}
            />
          )}
        </FormField>
        <FormField
          id="confirmPassword"
          label={t('Confirm new password')}
          error={errors.confirmPassword?.message}
        >
          {(control) => (
            <PasswordInput
              {...control}
              {...form.register('confirmPassword')}
              autoComplete="new-password"
              disabled={!token}
            />
          )}
        </FormField>
        <SubmitButton pending={isSubmitting} disabled={!token}>
          {t('Set new password')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
