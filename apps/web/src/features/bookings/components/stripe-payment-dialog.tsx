import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatPaise } from '@skillroute/shared/money';
import { t, translate } from '@/lib/i18n';
import { loadStripe, paymentReturnPath, type StripeElements, type StripeJs } from '../payment-providers';

export interface StripePayment {
  clientSecret: string;
  publishableKey: string;
  amount: number;
}

/** Stripe's Payment Element in a dialog; confirming sends the payer through Stripe back to /payment-success. */
export function StripePaymentDialog({
  payment,
  bookingId,
  onClose,
}: {
  payment: StripePayment;
  bookingId: string;
  onClose: () => void;
}) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    let element: { destroy(): void } | undefined;
    let stopped = false;
    loadStripe(payment.publishableKey)
      .then((stripe) => {
        if (stopped || !mountPoint.current) return;
        const dark =
          document.documentElement.classList.contains('dark') || document.body.classList.contains('dark');
        const elements = stripe.elements({
          clientSecret: payment.clientSecret,
          appearance: { theme: dark ? 'night' : 'stripe' },
        });
        const created = elements.create('payment');
        created.mount(mountPoint.current);
        element = created;
        setReady({ stripe, elements });
      })
      .catch(() => setFailure(t('The card form could not be loaded. Please try again.')));
    return () => {
      stopped = true;
      element?.destroy();
    };
  }, [payment.clientSecret, payment.publishableKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setPaying(true);
    setFailure(null);
    const { error } = await ready.stripe.confirmPayment({
      elements: ready.elements,
      confirmParams: { return_url: `${window.location.origin}${paymentReturnPath(bookingId)}` },
    });
    // Success leaves the page for the return URL; an answer here is a refusal.
    setPaying(false);
    setFailure(error?.message ?? t('The payment did not go through. Please try again.'));
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !paying && onClose()}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('Pay {amount}', { amount: formatPaise(payment.amount) })}</DialogTitle>
            <DialogDescription>{t('Your card details go straight to Stripe.')}</DialogDescription>
          </DialogHeader>
          {!ready && !failure && (
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> {t('Loading the card form…')}
            </p>
          )}
          <div ref={mountPoint} />
          {failure && <FormAlert>{translate(failure)}</FormAlert>}
          <SubmitButton pending={paying} disabled={!ready} className="w-full">
            {t('Pay {amount}', { amount: formatPaise(payment.amount) })}
          </SubmitButton>
        </form>
      </DialogContent>
    </Dialog>
  );
}
