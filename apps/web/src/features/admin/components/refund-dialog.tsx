import { zodResolver } from '@hookform/resolvers/zod';
import {
  adminRefundBodySchema,
  REFUND_REASON_MAX,
  type AdminRefundBody,
} from '@skillroute/shared/admin-console';
import type { Booking } from '@skillroute/shared/bookings';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { formatPaise } from '@skillroute/shared/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { useClock } from '@/lib/use-clock';
import { toast } from '@/lib/use-toast';
import { useRefundBookingMutation } from '../api';

/** What became of the refund, as the toast says it. */
const refundStatusWords = () =>
  ({
    pending: t('asked of the provider'),
    succeeded: t('done'),
    failed: t('failed; retry it from the list'),
  }) as const;

/** A full refund of one booking with a reason, checked with the api's own rule before it is sent. */
export function RefundDialog({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const [refund] = useRefundBookingMutation();
  const form = useForm<AdminRefundBody>({
    resolver: zodResolver(adminRefundBodySchema),
    defaultValues: { reason: '' },
  });
  const now = useClock(60_000, open);
  const upcoming = booking.status === 'confirmed' && Date.parse(booking.startTime) > now;

  async function submit(body: AdminRefundBody) {
    try {
      const answer = await refund({ id: booking.id, ...body }).unwrap();
      toast({
        title: t('Refunded'),
        description: t('{amount} to {name}: {outcome}.', {
          amount: formatPaise(answer.refund.amount),
          name: booking.mentee.name,
          outcome: refundStatusWords()[answer.refund.status],
        }),
      });
      setOpen(false);
      form.reset();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(error as ApiError, t('There was a problem with your request.')),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !form.formState.isSubmitting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={t('Refund the session of {mentee} with {mentor}', {
            mentee: booking.mentee.name,
            mentor: booking.mentor.name,
          })}
        >
          {t('Refund')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>
              {t('Refund {amount} in full?', { amount: formatPaise(booking.amount) })}
            </DialogTitle>
            <DialogDescription>
              {t('{name} gets back everything they paid, through the payment provider.', {
                name: booking.mentee.name,
              })}{' '}
              {upcoming
                ? t('The session has not started, so it is cancelled too; both people are told.')
                : t('Both people are told.')}
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="refund-reason"
            label={t('Reason')}
            error={form.formState.errors.reason?.message}
            hint={t('Both people read it. At most {max} characters.', { max: REFUND_REASON_MAX })}
          >
            {(control) => <Textarea {...control} rows={3} {...form.register('reason')} />}
          </FormField>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={form.formState.isSubmitting}
              onClick={() => setOpen(false)}
            >
              {t('Cancel')}
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={form.formState.isSubmitting}
              aria-busy={form.formState.isSubmitting || undefined}
            >
              {form.formState.isSubmitting && <Spinner />}
              {t('Refund in full')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
