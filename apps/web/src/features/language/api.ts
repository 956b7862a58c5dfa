import type { Locale } from '@skillroute/shared/i18n/locales';
import { useUpdateUserMutation } from '@/features/profile/api';
import { chooseLanguage } from './choose-language';

export { otherLanguage } from './choose-language';

/**
 * For someone signed in: writes the page in a language and keeps it on their account too, so it follows them to
 * their other browsers and to the mails they get. `refocus` as in chooseLanguage.
 */
export function useSwitchLanguage(): (userId: string, locale: Locale, refocus?: string) => Promise<void> {
  const [updateUser] = useUpdateUserMutation();
  return (userId, locale, refocus) => {
    // Asked first: the page drawn again in the new language unmounts whoever asked.
    void updateUser({ userId, locale });
    return chooseLanguage(locale, refocus);
  };
}
