import { authReasons, googleSignInMessages } from '@skillroute/shared/auth-constants';
import { useEffect, useRef, useState } from 'react';
import { FormAlert } from '@/components/ui/form-field';
import { errorMessage, errorReason } from '@/lib/api-error';
import { currentLocale, t, translate } from '@/lib/i18n';
import { loadScript } from '@/lib/load-script';
import { useAfterPaint } from '@/lib/use-after-paint';
import { useAppDispatch } from '@/lib/store-hooks';
import { useGetPublicConfigQuery, useGoogleLoginMutation } from '../api';
import { blockedMessage } from '../auth-messages';
import { login } from '../auth-slice';

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

/** The part of Google Identity Services this page uses. */
interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup';
      }): void;
      renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/** Adds Google's script once per page and resolves when it has run. */
async function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google) return window.google;
  await loadScript(GOOGLE_SCRIPT_URL);
  if (!window.google) throw new Error('Google sign-in did not start');
  return window.google;
}

/**
 * "Sign in with Google" (Google Identity Services), shown only when the server names a client id
 * (GET /api/config). Google's own button hands over an ID token, which the server verifies (and makes the
 * account from, the first time). The account pages' guard then takes the person on, as after any sign-in.
 */
export function GoogleSignIn({ text = 'signin_with' }: { text?: 'signin_with' | 'signup_with' }) {
  // Asked once the form is on screen: the button can come a moment later, the form's first picture should not wait.
  const painted = useAfterPaint();
  const { data: config } = useGetPublicConfigQuery(undefined, { skip: !painted });
  const clientId = config?.googleClientId ?? null;
  const dispatch = useAppDispatch();
  const [googleLogin] = useGoogleLoginMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const buttonRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !buttonRef.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: async ({ credential }) => {
            setFailure(null);
            if (!credential) return setFailure(googleSignInMessages.failed);
            const result = await googleLogin({ credential });
            if (!('error' in result)) return dispatch(login(result.data.user));
            setFailure(
              errorReason(result.error) === authReasons.blocked
                ? blockedMessage()
                : errorMessage(result.error, googleSignInMessages.failed),
            );
          },
        });
        google.accounts.id.renderButton(buttonRef.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text,
          shape: 'pill',
          width: 320,
          // Google writes its button in the page's language (left to the browser's in English, as before).
          ...(currentLocale() === 'en' ? {} : { locale: currentLocale() }),
        });
      })
      .catch(() => !cancelled && setFailure(googleSignInMessages.unavailable));
    return () => {
      cancelled = true;
    };
  }, [clientId, dispatch, googleLogin, text]);

  if (!clientId) return null;
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        {t('or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div
        ref={buttonRef}
        data-testid="google-sign-in"
        aria-label={t('Sign in with Google')}
        className="flex min-h-10 justify-center"
      />
      {failure && <FormAlert>{translate(failure)}</FormAlert>}
    </div>
  );
}
