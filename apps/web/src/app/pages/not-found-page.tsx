import { Link } from 'react-router';
import { Button } from '@/components/ui/button';

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-6 px-6 py-20 text-center">
      <p className="text-7xl font-extrabold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="text-2xl font-semibold tracking-tight text-balance">
        Oops! The page you&apos;re looking for seems not found.
      </h1>
      <Button asChild size="lg">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
