import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@skillroute/shared/auth';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation } from 'react-router';
import type { z } from 'zod';
import { FormAlert, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { SubmitButton } from '@/components/ui/submit-button';
import { applyServerErrors } from '@/lib/form-errors';
import { t } from '@/lib/i18n';
import { safeReturnPath } from '@/lib/return-path';
import { useAppDispatch, useAppSelector } from '@/lib/store-hooks';
import { useAdminSignInMutation } from '../api';
import { adminLogin, selectIsAdmin } from '../admin-auth-slice';

type AdminLoginForm = z.input<typeof loginBodySchema>;
const FIELDS = ['email', 'password'] as const;

/** /admin/login: the admin's own sign-in; a signed-in admin goes on to the page they asked for, or /admin/. */
export function AdminLoginPage() {
  const dispatch = useAppDispatch();
  const isAdmin = useAppSelector(selectIsAdmin);
  const location = useLocation();
  const [signIn] = useAdminSignInMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<AdminLoginForm, unknown, z.output<typeof loginBodySchema>>({
    resolver: zodResolver(loginBodySchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  if (isAdmin) {
    const from = safeReturnPath((location.state as { from?: unknown } | null)?.from);
    return <Navigate to={from?.startsWith('/admin') ? from : '/admin/'} replace />;
  }

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    const result = await signIn(body);
    if ('error' in result) {
      setFormError(
        applyServerErrors(
          result.error,
          FIELDS,
          (field, message) => form.setError(field, { message }, { shouldFocus: true }),
          t('Sign-in failed. Please try again.'),
        ),
      );
      return;
    }
    dispatch(adminLogin());
  });

  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid w-full max-w-sm gap-5 rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
      >
        <div className="grid justify-items-center gap-2 text-center">
          <ShieldCheck className="size-9 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight">{t('Admin sign in')}</h1>
          <p className="text-sm text-muted-foreground">
            {t('For Skillroute staff. Your user account is not affected.')}
          </p>
        </div>
        {formError && <FormAlert>{formError}</FormAlert>}
        <FormField id="admin-email" label={t('E-mail')} error={errors.email?.message}>
          {(control) => (
            <Input {...control} {...form.register('email')} type="email" autoComplete="username" />
          )}
        </FormField>
        <FormField id="admin-password" label={t('Password')} error={errors.password?.message}>
          {(control) => (
            <PasswordInput {...control} {...form.register('password')} autoComplete="current-password" />
          )}
        </FormField>
        <SubmitButton pending={isSubmitting}>{t('Sign in')}</SubmitButton>
      </form>
    </div>
  );
}
