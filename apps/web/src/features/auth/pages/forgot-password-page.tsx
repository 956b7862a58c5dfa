import { zodResolver } from '@hookform/resolvers/zod';
import { emailBodySchema } from '@skillroute/shared/auth';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerErrors } from '@/lib/form-errors';
import { t, translate } from '@/lib/i18n';
import { useForgotPasswordMutation } from '../api';
import { AuthCard, AuthHeading } from '../components/auth-card';

type ForgotForm = z.input<typeof emailBodySchema>;

/**
 * The same words whether or not the address has an account (the server answers 200 either way), so
 * the page tells nobody who is registered.
 */
export function forgotPasswordConfirmation(email: string): string {
  return t(
    'If an account exists for {email}, we have sent it a link to set a new password. The link works for 30 minutes.',
    { email },
  );
}

/** /forgot-password: ask for a reset link. */
export function ForgotPasswordPage() {
  const [forgotPassword] = useForgotPasswordMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ForgotForm, unknown, z.output<typeof emailBodySchema>>({
    resolver: zodResolver(emailBodySchema),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await forgotPassword(body);
    if ('error' in result) {
      setFormError(
        applyServerErrors(
          result.error,
          ['email'],
          (field, message) => form.setError(field, { message }, { shouldFocus: true }),
          t('The link could not be sent. Please try again.'),
        ),
      );
      return;
    }
    setSentTo(body.email);
  });

  const backToSignIn = (
    <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
      {t('Back to sign in')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard footer={backToSignIn}>
        <div className="grid justify-items-center gap-4 text-center">
          <MailCheck className="size-10 text-primary" aria-hidden="true" />
          <AuthHeading title={t('Check your e-mail')} />
          <p role="status" className="text-sm text-muted-foreground">
            {forgotPasswordConfirmation(sentTo)}
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard footer={backToSignIn}>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <AuthHeading
          title={t('Forgot your password?')}
          description={t('Enter your e-mail and we will send you a link to set a new one.')}
        />
        {formError && <FormAlert>{translate(formError)}</FormAlert>}
        <FormField id="email" label={t('E-mail')} error={errors.email?.message}>
          {(control) => <Input {...control} {...form.register('email')} type="email" autoComplete="email" />}
        </FormField>
        <SubmitButton pending={isSubmitting}>{t('Send reset link')}</SubmitButton>
      </form>
    </AuthCard>
  );
}
