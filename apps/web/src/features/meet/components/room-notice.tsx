import type * as React from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

/** Why the room cannot be entered (not theirs, not open yet, closed), with the way back to the bookings. */
export function RoomNotice({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <section
      aria-labelledby="room-notice-title"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-20 text-center"
    >
      <h1 id="room-notice-title" className="text-2xl font-semibold tracking-tight text-balance">
        {title}
      </h1>
      {children}
      <Button asChild variant="outline">
        <Link to="/profile/bookings">Back to your bookings</Link>
      </Button>
    </section>
  );
}
