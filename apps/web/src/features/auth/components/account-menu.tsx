import { LOCALE_NAMES } from '@skillroute/shared/i18n/locales';
import { GraduationCap, Languages, LogOut, Moon, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { otherLanguage, useSwitchLanguage } from '@/features/language/api';
import { t } from '@/lib/i18n';
import { useAppSelector } from '@/lib/store-hooks';
import { selectCurrentUser } from '../auth-slice';
import { LogoutDialog } from './logout-dialog';

/**
 * The signed-in header's account menu (spec §2 "My Account": Profile, Be mentor, Switch, Logout). Loaded
 * lazily by the header, so anonymous visitors never download it. The theme and "Be mentor" come in as
 * props: the app composes the theme and assessment features with this one. A mentor is one already, so
 * their menu offers "Add a skill" there instead (issue 11). The language switches here too, and is kept on the account.
 */
export function AccountMenu({
  isDarkMode,
  onToggleDarkMode,
  onBecomeMentor,
}: {
  isDarkMode: boolean;
  onToggleDarkMode: () => void;
  onBecomeMentor: () => void;
}) {
  const user = useAppSelector(selectCurrentUser);
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  // After a menu item that moves to another page, focus must stay on that page: Radix would hand it back
  // to the trigger as the menu closes, pulling it out of whatever the person clicked next.
  const navigating = useRef(false);
  const switchLanguage = useSwitchLanguage();
  if (!user) return null;
  const language = otherLanguage();

  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          aria-label={t('My Account')}
          className="rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          <UserAvatar name={user.name} avatar={user.avatar} />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="end"
          className="w-56"
          onCloseAutoFocus={(event) => {
            if (!navigating.current) return;
            navigating.current = false;
            event.preventDefault();
          }}
        >
          <DropdownMenuLabel>{t('My Account')}</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild onSelect={() => (navigating.current = true)}>
            <Link to="/profile/general">
              <UserRound aria-hidden="true" />
              {t('Profile')}
            </Link>
          </DropdownMenuItem>
          {/* The dialog takes focus as the menu closes, so the menu must not hand it back to its trigger. */}
          <DropdownMenuItem
            onSelect={() => {
              navigating.current = true;
              onBecomeMentor();
            }}
          >
            <GraduationCap aria-hidden="true" />
            {user.role === 'mentor' ? t('Add a skill') : t('Be mentor')}
          </DropdownMenuItem>
          {/* A checkbox item drawn as a switch; it stays open so the change of theme can be seen. */}
          <DropdownMenuItem
            role="menuitemcheckbox"
            aria-checked={isDarkMode}
            onSelect={(event) => {
              event.preventDefault();
              onToggleDarkMode();
            }}
          >
            <Moon aria-hidden="true" />
            {t('Switch')}
            <span
              aria-hidden="true"
              data-on={isDarkMode || undefined}
              className="ml-auto flex h-4 w-7 items-center rounded-full bg-input p-0.5 transition-colors data-[on]:bg-primary"
            >
              <span className="size-3 rounded-full bg-background shadow transition-transform in-data-[on]:translate-x-3" />
            </span>
          </DropdownMenuItem>
          {/* To the other language, named in it; the menu button has the focus once the page is drawn in it. */}
          <DropdownMenuItem
            aria-label={t('Language: {language}', { language: LOCALE_NAMES[language] })}
            onSelect={() =>
              void switchLanguage(user.id, language, 'header [data-slot="dropdown-menu-trigger"]')
            }
          >
            <Languages aria-hidden="true" />
            <span lang={language}>{LOCALE_NAMES[language]}</span>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => setConfirmingLogout(true)}>
            <LogOut aria-hidden="true" />
            {t('Logout')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <LogoutDialog open={confirmingLogout} onOpenChange={setConfirmingLogout} />
    </>
  );
}

/** The person's picture, or their initial on a tinted circle. */
export function UserAvatar({
  name,
  avatar,
  className,
}: {
  name: string;
  avatar: string | null;
  className?: string;
}) {
  return (
    <Avatar className={className ?? 'size-9'}>
      {avatar && <AvatarImage src={avatar} alt="" />}
      <AvatarFallback className="bg-primary/15 font-semibold text-primary">
        {name.slice(0, 1).toUpperCase()}
      </AvatarFallback>
    </Avatar>
  );
}
