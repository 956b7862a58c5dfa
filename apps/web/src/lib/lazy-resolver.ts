import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's resolver whose code (a zod schema, and zod with it: about 40 kB compressed) loads on first use rather
 * than before the page's first picture. React Hook Form awaits every resolver, so a form behaves the same either
 * way; `preload` starts the download early (once the page has painted), so a submit seldom waits for it. A failed
 * download is tried again on the next use.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
) {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformedValues>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<TFieldValues, TContext, TTransformedValues> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return { resolver, preload: () => void loaded().catch(() => undefined) };
}
