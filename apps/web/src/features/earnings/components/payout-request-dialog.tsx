import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { formatPaise, type Paise } from '@skillroute/shared/money';
import { payoutMethodInWords, type PayoutMethodShown } from '@skillroute/shared/payout-methods';
import { useState, type FormEvent } from 'react';
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
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useRequestPayoutMutation } from '../api';
import { paiseAsTypedRupees, payoutAmountProblem, typedRupeesToPaise } from '../rules';

/**
 * Asks for a payout of part or all of the available balance (the whole of it to begin with), checked as it is
 * typed against the minimum and the balance with the api's own rule and messages.
 */
export function PayoutRequestDialog({
  available,
  minimum,
  method,
}: {
  available: Paise;
  minimum: Paise;
  method: PayoutMethodShown;
}) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [requestPayout, { isLoading }] = useRequestPayoutMutation();
  const problem = payoutAmountProblem(amount, { minimum, available });

  function openWith(next: boolean) {
    if (isLoading) return;
    if (next) {
      setAmount(paiseAsTypedRupees(available));
      setTouched(false);
    }
    setOpen(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const paise = typedRupeesToPaise(amount);
    if (problem !== undefined || paise === undefined) return;
    try {
      const { payout } = await requestPayout({ amount: paise }).unwrap();
      toast(
        payout.status === 'failed'
          ? {
              variant: 'destructive',
              title: t('Payout failed'),
              description: t('{reason}. The money is back in your available balance.', {
                reason: payout.failureReason ?? t('The payment provider refused it'),
              }),
            }
          : {
              title: payout.status === 'paid' ? t('Payout paid') : t('Payout requested'),
              description: t('{amount} to {method}.', {
                amount: formatPaise(payout.amount),
                method: translate(payoutMethodInWords(method)),
              }),
            },
      );
      setOpen(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(error as ApiError, t('Your payout could not be requested.')),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={openWith}>
      <DialogTrigger asChild>
        <Button type="button">{t('Request payout')}</Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('Request a payout')}</DialogTitle>
            <DialogDescription>
              {t('To {method}. You have {available} available; a payout is at least {minimum}.', {
                method: translate(payoutMethodInWords(method)),
                available: formatPaise(available),
                minimum: formatPaise(minimum),
              })}
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="payout-amount"
            label={t('Amount (₹)')}
            error={touched || amount !== paiseAsTypedRupees(available) ? problem : undefined}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                onBlur={() => setTouched(true)}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={isLoading} onClick={() => setOpen(false)}>
              {t('Cancel')}
            </Button>
            <Button type="submit" disabled={isLoading} aria-busy={isLoading || undefined}>
              {isLoading && <Spinner />}
              {t('Pay out')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
