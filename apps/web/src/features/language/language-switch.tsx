import { LOCALE_NAMES, type Locale } from '@skillroute/shared/i18n/locales';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';
import { chooseLanguage, otherLanguage } from './choose-language';

/** Each language's name cut short, for the header of a phone. */
const SHORT_NAMES: Record<Locale, string> = { en: 'EN', hi: 'हिं' };

const SELECTOR = '[data-language-switch]';

/**
 * The visitor's switch to the other language, beside the theme toggle: its short name on phones, its full name
 * from 640 px; both written in that language (and marked so). Signed-in people switch in the account menu. No icon:
 * it is on every page, and the name says it (the home page's script may grow by 3 kB at most for Hindi, e2e).
 */
export function LanguageSwitch() {
  const target = otherLanguage();
  return (
    <Button
      type="button"
      variant="ghost"
      data-language-switch=""
      aria-label={t('Language: {language}', { language: LOCALE_NAMES[target] })}
      className="h-8 px-1.5 sm:h-9 sm:px-2.5"
      onClick={() => void chooseLanguage(target, SELECTOR)}
    >
      <span lang={target} className="sm:hidden">
        {SHORT_NAMES[target]}
      </span>
      <span lang={target} className="hidden sm:inline">
        {LOCALE_NAMES[target]}
      </span>
    </Button>
  );
}
