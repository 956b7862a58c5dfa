import { isLocale } from '@skillroute/shared/i18n/locales';
import { useEffect } from 'react';
import { currentLocale } from '@/lib/i18n';
import { readChosenLanguage } from '@/lib/language-preference';
import { chooseLanguage } from './choose-language';

/**
 * A signed-in person's account keeps the language they chose (saved by the switch in the account menu, or at
 * sign-in). A browser where nobody chose one takes it up, and keeps it from then on, as if chosen here; a choice
 * made in this browser stays, whatever the account says.
 */
export function useAccountLanguage(accountLocale: string | null | undefined): void {
  useEffect(() => {
    if (!isLocale(accountLocale) || accountLocale === currentLocale() || readChosenLanguage() !== null)
      return;
    void chooseLanguage(accountLocale);
  }, [accountLocale]);
}
