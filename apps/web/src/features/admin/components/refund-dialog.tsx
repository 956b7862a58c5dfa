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
import { useClock } from '@/lib/use-clock';
import { toast } from '@/lib/use-toast';
import { useRefundBookingMutation } from '../api';

const refundStatusWords = {
  pending: 'asked of the provider',
  succeeded: 'done',
  failed: 'failed; retry it from the list',
} as const;

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
        title: 'Refunded',
        description: `${formatPaise(answer.refund.amount)} to ${booking.mentee.name}: ${refundStatusWords[answer.refund.status]}.`,
      });
      setOpen(false);
      form.reset();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: FAILURE_TITLE,
        description: errorMessage(error as ApiError, 'There was a problem with your request.'),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !form.formState.isSubmitting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Refund the session of ${booking.mentee.name} with ${booking.mentor.name}`}
        >
          Refund
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Refund {formatPaise(booking.amount)} in full?</DialogTitle>
            <DialogDescription>
              {booking.mentee.name} gets back everything they paid, through the payment provider.{' '}
              {upcoming
                ? 'The session has not started, so it is cancelled too; both people are told.'
                : 'Both people are told.'}
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="refund-reason"
            label="Reason"
            error={form.formState.errors.reason?.message}
            hint={`Both people read it. At most ${REFUND_REASON_MAX} characters.`}
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
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={form.formState.isSubmitting}
              aria-busy={form.formState.isSubmitting || undefined}
            >
              {form.formState.isSubmitting && <Spinner />}
              Refund in full
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
