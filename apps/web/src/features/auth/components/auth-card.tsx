import type * as React from 'react';

/** The frame of the account pages: one centred card that fills a phone and sits in the middle of a desktop. */
export function AuthCard({ children, footer }: { children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <div className="grid w-full max-w-sm gap-6">
        <div className="rounded-xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">{children}</div>
        {footer && <div className="text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </div>
  );
}

/** The heading block of an account page. */
export function AuthHeading({ title, description }: { title: string; description?: React.ReactNode }) {
  return (
    <div className="grid gap-2 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
    </div>
  );
}
