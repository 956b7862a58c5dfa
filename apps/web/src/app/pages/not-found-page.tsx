import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';

/** Spec §2's 404 page; `title` names what is missing when a page knows (a mentor's profile). */
export function NotFoundPage({
  title = t("Oops! The page you're looking for seems not found."),
}: {
  title?: string;
}) {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-6 px-6 py-20 text-center"
    >
      <p className="text-7xl font-extrabold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="text-2xl font-semibold tracking-tight text-balance">
        {title}
      </h1>
      <Button asChild size="lg">
        <Link to="/">{t('Return to Home')}</Link>
      </Button>
    </section>
  );
}
