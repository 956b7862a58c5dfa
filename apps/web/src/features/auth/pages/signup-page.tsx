import { zodResolver } from '@hookform/resolvers/zod';
import { NAME_MAX, NAME_MIN, PASSWORD_MIN, signupBodySchema } from '@skillroute/shared/auth';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerErrors } from '@/lib/form-errors';
import { t, translate } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { useSignupMutation } from '../api';
import { AuthCard, AuthHeading } from '../components/auth-card';
import { useReturnCarry } from '../use-return-carry';
import { VerifyCodeStep } from '../components/verify-code-step';

type SignupForm = z.input<typeof signupBodySchema>;

// Google's button creates the account as well as signing in; it waits for /api/config, so it loads after the form.
const GoogleSignIn = lazy(async () => ({
  default: (await import('../components/google-sign-in')).GoogleSignIn,
}));
const FIELDS = ['name', 'email', 'password'] as const;

/** /signup: name, e-mail and password, then the mailed code (spec §1, DESIGN.md §4). */
export function SignupPage() {
  const [signup] = useSignupMutation();
  const carry = useReturnCarry();
  const painted = useAfterPaint();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignupForm, unknown, z.output<typeof signupBodySchema>>({
    resolver: zodResolver(signupBodySchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await signup(body);
    if ('error' in result) {
      setFormError(
        applyServerErrors(
          result.error,
          FIELDS,
          (field, message) => form.setError(field, { message }, { shouldFocus: true }),
          t('Sign-up failed. Please try again.'),
        ),
      );
      return;
    }
    setCodeSentTo(result.data.email);
  });

  if (codeSentTo) {
    return (
      <AuthCard>
        <VerifyCodeStep email={codeSentTo} onBack={() => setCodeSentTo(null)} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      footer={
        <>
          {t('Already have an account?')}{' '}
          <Link
            to={{ pathname: '/login', search: carry.search }}
            state={carry.state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('Sign in')}
          </Link>
        </>
      }
    >
      <div className="grid gap-5">
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <AuthHeading
            title={t('Create your account')}
            description={t('Learn with roadmaps, prove a skill and book mentors.')}
          />
          {formError && <FormAlert>{translate(formError)}</FormAlert>}
          <FormField
            id="name"
            label={t('Name')}
            error={errors.name?.message}
            hint={t('{min} to {max} letters.', { min: NAME_MIN, max: NAME_MAX })}
          >
            {(control) => <Input {...control} {...form.register('name')} autoComplete="given-name" />}
          </FormField>
          <FormField id="email" label={t('E-mail')} error={errors.email?.message}>
            {(control) => (
              <Input {...control} {...form.register('email')} type="email" autoComplete="email" />
            )}
          </FormField>
          <FormField
            id="password"
            label={t('Password')}
            error={errors.password?.message}
            hint={t('At least {min} characters, with a letter and a digit.', { min: PASSWORD_MIN })}
          >
            {(control) => (
              <PasswordInput {...control} {...form.register('password')} autoComplete="new-password" />
            )}
          </FormField>
          <SubmitButton pending={isSubmitting}>{t('Create account')}</SubmitButton>
        </form>
        {painted && (
          <Suspense fallback={null}>
            <GoogleSignIn text="signup_with" />
          </Suspense>
        )}
      </div>
    </AuthCard>
  );
}
