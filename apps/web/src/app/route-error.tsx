import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';
import { t } from '@/lib/i18n';

/**
 * The errorElement of every route: a failed page (a render error, a chunk that did not load after a
 * deploy) shows this instead of a white screen. Details go to the console, not to the visitor.
 */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section
      aria-labelledby="route-error-title"
      className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center"
    >
      <h1 id="route-error-title" className="text-2xl font-bold tracking-tight">
        {notFound ? t('This page does not exist') : t('Something went wrong')}
      </h1>
      <p className="text-muted-foreground">
        {notFound
          ? t('The link may be old or mistyped.')
          : t(
              'This page could not be shown. Reloading often helps; if it keeps happening, come back in a little while.',
            )}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        {!notFound && (
          <Button type="button" variant="outline" onClick={() => window.location.reload()}>
            {t('Reload the page')}
          </Button>
        )}
        <Button asChild>
          <Link to="/" reloadDocument>
            {t('Return to Home')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
