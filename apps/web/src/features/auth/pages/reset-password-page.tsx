import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN, passwordSchema } from '@skillroute/shared/auth';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/use-toast';
import { useResetPasswordMutation } from '../api';
import { AuthCard, AuthHeading } from '../components/auth-card';

export const PASSWORDS_DIFFER = 'The passwords do not match';
export const MISSING_TOKEN = 'This reset link is not complete. Please ask for a new one.';

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
  const [linkError, setLinkError] = useState<string | null>(token ? null : MISSING_TOKEN);
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
          'This reset link is not valid.',
        ),
      );
      return;
    }
    toast({ title: 'Password changed', description: 'Sign in with your new password.' });
    await navigate('/login', { replace: true });
  });

  return (
    <AuthCard
      footer={
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <AuthHeading
          title="Set a new password"
          description="Choose a new password. It signs you out on every other device."
        />
        {linkError && (
          <FormAlert>
            {linkError}{' '}
            <Link to="/forgot-password" className="font-medium underline underline-offset-4">
              Ask for a new link
            </Link>
          </FormAlert>
        )}
        <FormField
          id="password"
          label="New password"
          error={errors.password?.message}
          hint={`At least ${PASSWORD_MIN} characters, with a letter and a digit.`}
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
        <FormField id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
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
          Set new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
