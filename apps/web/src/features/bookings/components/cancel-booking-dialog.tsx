import { zodResolver } from '@hookform/resolvers/zod';
import {
  CANCEL_REASON_MAX,
  cancelBookingBodySchema,
  CANCELLATION_POLICY,
  type Booking,
  type CancelBookingBody,
} from '@skillroute/shared/bookings';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
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
import { FormAlert, FormField } from '@/components/ui/form-field';
import { SubmitButton } from '@/components/ui/submit-button';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { formatPaise } from '@skillroute/shared/money';
import { toast } from '@/lib/use-toast';
import { t, translate } from '@/lib/i18n';
import { useCancelBookingMutation } from '../api';
import { cancellationRefundText, roleIn } from '../rules';

/**
 * Cancel a confirmed session (DESIGN.md §4): a reason is required, and the dialog states what the refund
 * will be by the policy's tier for the person cancelling, as of the moment it opened.
 */
export function CancelBookingDialog({ booking, userId }: { booking: Booking; userId: string }) {
  const [open, setOpen] = useState(false);
  const [openedAt, setOpenedAt] = useState(() => new Date());
  const [failure, setFailure] = useState<string | null>(null);
  const [cancel, cancelling] = useCancelBookingMutation();
  const form = useForm<z.input<typeof cancelBookingBodySchema>, unknown, CancelBookingBody>({
    resolver: zodResolver(cancelBookingBodySchema),
    defaultValues: { reason: '' },
    // The message changes only when the form is sent, and focus stays on the button that sent it.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const reason = useWatch({ control: form.control, name: 'reason' });

  function openChange(next: boolean) {
    if (cancelling.isLoading) return;
    setOpen(next);
    if (next) {
      setOpenedAt(new Date());
      form.reset();
      setFailure(null);
    }
  }

  async function submit(body: CancelBookingBody) {
    setFailure(null);
    const result = await cancel({ id: booking.id, ...body });
    if (result.error) {
      setFailure(errorMessage(result.error, t('The session could not be cancelled. Please try again.')));
      return;
    }
    setOpen(false);
    const refund = formatPaise(result.data.refund.amount);
    toast({
      title: t('Session cancelled'),
      description:
        roleIn(booking, userId) === 'mentor'
          ? t('Your mentee gets {amount} back.', { amount: refund })
          : t('You will get {amount} back.', { amount: refund }),
    });
  }

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          {t('Cancel')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={form.handleSubmit(submit)} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('Cancel this session?')}</DialogTitle>
            <DialogDescription>{cancellationRefundText(booking, userId, openedAt)}</DialogDescription>
          </DialogHeader>
          {roleIn(booking, userId) === 'mentee' && (
            <p className="text-xs text-muted-foreground">{translate(CANCELLATION_POLICY)}</p>
          )}
          <FormField
            id={`cancel-reason-${booking.id}`}
            label={t('Reason')}
            error={form.formState.errors.reason?.message && translate(form.formState.errors.reason.message)}
            hint={`${reason.length}/${CANCEL_REASON_MAX}`}
          >
            {(control) => (
              <Textarea {...control} {...form.register('reason')} maxLength={CANCEL_REASON_MAX} required />
            )}
          </FormField>
          {failure && <FormAlert>{translate(failure)}</FormAlert>}
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              disabled={cancelling.isLoading}
              onClick={() => openChange(false)}
            >
              {t('Keep the session')}
            </Button>
            <SubmitButton pending={cancelling.isLoading} variant="destructive" size="default">
              {t('Cancel the session')}
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
