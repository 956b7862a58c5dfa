import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { t, translate } from '@/lib/i18n';

/**
 * Why the room cannot be entered (not theirs, not open yet, closed), with the way back to the bookings.
 * `title` may be made in English elsewhere (the server's words): it is shown in the reader's language.
 * `focusTitle`: the notice replaces the call the person was in, so focus moves to it instead of being lost.
 */
export function RoomNotice({
  title,
  focusTitle = false,
  children,
}: {
  title: string;
  focusTitle?: boolean;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle, title]);
  return (
    <section
      aria-labelledby="room-notice-title"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-20 text-center"
    >
      <h1
        id="room-notice-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-semibold tracking-tight text-balance outline-none"
      >
        {translate(title)}
      </h1>
      {children}
      <Button asChild variant="outline">
        <Link to="/profile/bookings">{t('Back to your bookings')}</Link>
      </Button>
    </section>
  );
}
