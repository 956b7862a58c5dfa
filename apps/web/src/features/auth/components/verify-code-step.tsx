import { OTP_TTL_MINUTES } from '@skillroute/shared/auth-constants';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-error';
import { t } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/use-toast';
import { useAppDispatch } from '@/lib/store-hooks';
import { useResendOtpMutation, useVerifyOtpMutation } from '../api';
import { login } from '../auth-slice';
import type { codeFormSchema } from '../form-resolvers';
import { useCountdown } from '../use-countdown';

/** DESIGN.md §4: one new code a minute per address. */
export const RESEND_WAIT_SECONDS = 60;

/** Where the address goes in the sentence that names it (it is drawn apart, so a long one can wrap). */
const EMAIL_SLOT = '\uE000';

const codeRules = lazyResolver(async () => (await import('../form-resolvers')).codeResolver);
type CodeForm = z.input<typeof codeFormSchema>;

interface VerifyCodeStepProps {
  email: string;
  /** Back to the form that led here (to fix a mistyped address). */
  onBack: () => void;
}

/**
 * The second step of sign-up, and of a sign-in refused as unverified: enter the 6-digit code that was
 * mailed. A correct code signs the person in (the account pages' guard then takes them on).
 */
export function VerifyCodeStep({ email, onBack }: VerifyCodeStepProps) {
  const dispatch = useAppDispatch();
  const [verifyOtp] = useVerifyOtpMutation();
  const [resendOtp, resend] = useResendOtpMutation();
  const { remaining, restart } = useCountdown(RESEND_WAIT_SECONDS);
  const [resendNote, setResendNote] = useState<{ text: string; failed: boolean } | null>(null);
  const form = useForm<CodeForm, unknown, z.output<typeof codeFormSchema>>({
    resolver: codeRules.resolver,
    defaultValues: { otp: '' },
  });
  const { errors, isSubmitting } = form.formState;
  useEffect(() => codeRules.preload(), []);

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    const result = await verifyOtp({ email, otp });
    if ('error' in result) {
      form.setError(
        'otp',
        { message: errorMessage(result.error, t('The code could not be checked. Please try again.')) },
        { shouldFocus: true },
      );
      return;
    }
    toast({
      title: t('Welcome to Skillroute, {name}!', { name: result.data.user.name }),
      description: t('Your e-mail is verified and you are signed in.'),
    });
    dispatch(login(result.data.user));
  });

  async function onResend() {
    setResendNote(null);
    const result = await resendOtp({ email });
    if ('error' in result) {
      setResendNote({
        text: errorMessage(result.error, t('A new code could not be sent. Please try again.')),
        failed: true,
      });
      return;
    }
    restart();
    form.resetField('otp');
    setResendNote({ text: t('A new code is on its way to {email}.', { email }), failed: false });
  }

  const [sentBefore, sentAfter] = t('We sent a 6-digit code to {email}', { email: EMAIL_SLOT }).split(
    EMAIL_SLOT,
  );

  return (
    <div className="grid gap-6">
      <div className="grid gap-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{t('Check your e-mail')}</h1>
        <p className="text-sm text-muted-foreground">
          {sentBefore}
          <span className="font-medium [overflow-wrap:anywhere] text-foreground">{email}</span>
          {sentAfter}
        </p>
      </div>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField
          id="otp"
          label={t('Verification code')}
          error={errors.otp?.message}
          hint={t('The code works for {minutes} minutes.', { minutes: OTP_TTL_MINUTES })}
        >
          {(control) => (
            <Input
              {...control}
              {...form.register('otp')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
              className="h-11 text-center font-mono text-lg tracking-[0.5em]"
            />
          )}
        </FormField>
        <SubmitButton pending={isSubmitting}>{t('Verify')}</SubmitButton>
      </form>
      <div className="grid gap-2 text-center text-sm">
        <div className="flex flex-wrap items-center justify-center gap-x-2">
          <span className="text-muted-foreground">{t('Did not get it?')}</span>
          <Button
            type="button"
            variant="link"
            className="h-auto p-0"
            disabled={remaining > 0 || resend.isLoading}
            onClick={onResend}
          >
            {remaining > 0 ? t('Resend code ({remaining}s)', { remaining }) : t('Resend code')}
          </Button>
        </div>
        {resendNote && (
          <p
            role={resendNote.failed ? 'alert' : 'status'}
            className={resendNote.failed ? 'text-destructive dark:text-red-300' : 'text-muted-foreground'}
          >
            {resendNote.text}
          </p>
        )}
        <Button type="button" variant="link" className="h-auto p-0 text-muted-foreground" onClick={onBack}>
          {t('Use a different e-mail')}
        </Button>
      </div>
    </div>
  );
}
