import { authReasons } from '@skillroute/shared/auth-constants';
import type { loginBodySchema } from '@skillroute/shared/auth';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorReason } from '@/lib/api-error';
import { applyServerErrors } from '@/lib/form-errors';
import { t, translate } from '@/lib/i18n';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useAfterPaint } from '@/lib/use-after-paint';
import { useAppDispatch } from '@/lib/store-hooks';
import { blockedMessage } from '../auth-messages';
import { login } from '../auth-slice';
import { AuthCard, AuthHeading } from '../components/auth-card';
import { useReturnCarry } from '../use-return-carry';

type LoginForm = z.input<typeof loginBodySchema>;
const FIELDS = ['email', 'password'] as const;

const loginRules = lazyResolver(async () => (await import('../form-resolvers')).loginResolver);

/*
 * What the card's first picture does not need loads after it, so the sign-in card paints with this page's chunk and
 * react-hook-form alone: the API slice (RTK Query, about 16 kB compressed), which a submit needs; Google's button,
 * which waits for /api/config after the paint anyway and shows nothing until then; and the code step, shown only
 * after an unverified account signs in.
 */
const loadAuthApi = () => import('../api');
const loadVerifyCodeStep = () => import('../components/verify-code-step');
const GoogleSignIn = lazy(async () => ({
  default: (await import('../components/google-sign-in')).GoogleSignIn,
}));
const VerifyCodeStep = lazy(async () => ({ default: (await loadVerifyCodeStep()).VerifyCodeStep }));

/**
 * /login. A successful sign-in stores the user; the guest-only guard then sends them back to the page
 * that asked them to sign in, or home. An unverified account gets a new code from the server and goes
 * to the code step.
 */
export function LoginPage() {
  const dispatch = useAppDispatch();
  const carry = useReturnCarry();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginForm, unknown, z.output<typeof loginBodySchema>>({
    resolver: loginRules.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // The form's rules (zod) after the first picture, so they are there before a submit needs them.
  const painted = useAfterPaint();
  useEffect(() => {
    if (!painted) return;
    loginRules.preload();
    void loadAuthApi();
    void loadVerifyCodeStep();
  }, [painted]);

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    const { authApi } = await loadAuthApi();
    const request = dispatch(authApi.endpoints.login.initiate(body));
    const result = await request;
    // The answer is used here and now: nothing keeps it in the store (which is persisted).
    request.reset();
    if (!('error' in result)) {
      dispatch(login(result.data.user));
      return;
    }
    const reason = errorReason(result.error);
    if (reason === authReasons.unverified) {
      setUnverifiedEmail(body.email);
      return;
    }
    if (reason === authReasons.blocked) {
      setFormError(blockedMessage());
      return;
    }
    setFormError(
      applyServerErrors(
        result.error,
        FIELDS,
        (field, message) => form.setError(field, { message }, { shouldFocus: true }),
        t('Sign-in failed. Please try again.'),
      ),
    );
  });

  if (unverifiedEmail) {
    return (
      <AuthCard>
        <Suspense fallback={null}>
          <VerifyCodeStep email={unverifiedEmail} onBack={() => setUnverifiedEmail(null)} />
        </Suspense>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      footer={
        <>
          {t('New to Skillroute?')}{' '}
          <Link
            to={{ pathname: '/signup', search: carry.search }}
            state={carry.state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('Create an account')}
          </Link>
        </>
      }
    >
      <div className="grid gap-5">
        <form noValidate onSubmit={onSubmit} className="grid gap-5">
          <AuthHeading title={t('Sign in')} description={t('Welcome back. Pick up where you left off.')} />
          {formError && <FormAlert>{translate(formError)}</FormAlert>}
          <FormField id="email" label={t('E-mail')} error={errors.email?.message}>
            {(control) => (
              <Input {...control} {...form.register('email')} type="email" autoComplete="email" />
            )}
          </FormField>
          <FormField
            id="password"
            label={t('Password')}
            error={errors.password?.message}
            labelAside={
              <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
                {t('Forgot password?')}
              </Link>
            }
          >
            {(control) => (
              <PasswordInput {...control} {...form.register('password')} autoComplete="current-password" />
            )}
          </FormField>
          <SubmitButton pending={isSubmitting}>{t('Sign in')}</SubmitButton>
        </form>
        {painted && (
          <Suspense fallback={null}>
            <GoogleSignIn />
          </Suspense>
        )}
      </div>
    </AuthCard>
  );
}
