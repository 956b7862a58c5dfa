import type * as React from 'react';
import { cn } from '@/lib/utils';

/** `asArticle`: the card is a self-contained item of a list (a roadmap, a booking), announced as an article. */
export function Card({
  className,
  asArticle = false,
  ...props
}: React.ComponentProps<'div'> & { asArticle?: boolean }) {
  const Root = asArticle ? 'article' : 'div';
  return (
    <Root
      data-slot="card"
      className={cn(
        'flex flex-col gap-6 rounded-xl border bg-card py-6 text-card-foreground shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn('grid auto-rows-min items-start gap-1.5 px-6', className)}
      {...props}
    />
  );
}

/** A card's title; `as` picks the heading level so the page outline stays right. */
export function CardTitle({
  className,
  as: Heading = 'h3',
  ...props
}: React.ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' | 'div' }) {
  return (
    <Heading data-slot="card-title" className={cn('font-semibold leading-none', className)} {...props} />
  );
}

export function CardDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return (
    <p data-slot="card-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}

export function CardContent({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="card-footer" className={cn('flex items-center px-6', className)} {...props} />;
}
