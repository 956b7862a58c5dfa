import { statementQuerySchema } from '@skillroute/shared/earnings';
import { useMemo, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { statementPath } from '../api';
import { financialYearToDate } from '../rules';

/**
 * A CSV statement of the sessions held between two days of the mentor's calendar (this financial year so far
 * to begin with), checked with the api's own schema before the link is offered.
 */
export function StatementDownload({ zone }: { zone: string }) {
  const initial = useMemo(() => financialYearToDate(new Date(), zone), [zone]);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const checked = statementQuerySchema.safeParse({ from, to });
  const problemOf = (field: 'from' | 'to') =>
    checked.success ? undefined : checked.error.issues.find((issue) => issue.path[0] === field)?.message;

  return (
    <div className="grid gap-4 rounded-xl border p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="statement-from" label={t('From')} error={problemOf('from')}>
          {(control) => (
            <Input {...control} type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
          )}
        </FormField>
        <FormField id="statement-to" label={t('To')} error={problemOf('to')}>
          {(control) => (
            <Input {...control} type="date" value={to} onChange={(event) => setTo(event.target.value)} />
          )}
        </FormField>
      </div>
      <p className="text-sm text-muted-foreground">
        {t('Each session held on these days, with its price, the platform fee, GST on the fee and your net.')}
      </p>
      {checked.success ? (
        <a
          href={statementPath(from, to)}
          download
          className={cn(buttonVariants({ variant: 'outline' }), 'justify-self-start')}
        >
          {t('Download CSV')}
        </a>
      ) : (
        <p className="text-sm">{t('Choose the days to download a statement.')}</p>
      )}
    </div>
  );
}
