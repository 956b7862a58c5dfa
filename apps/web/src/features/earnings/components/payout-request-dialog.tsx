import { payoutStatusLabels } from '@skillroute/shared/earnings';
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
              title: 'Payout failed',
              description: `${payout.failureReason ?? 'The payment provider refused it'}. The money is back in your available balance.`,
            }
          : {
              title: `Payout ${payoutStatusLabels[payout.status].toLowerCase()}`,
              description: `${formatPaise(payout.amount)} to ${payoutMethodInWords(method)}.`,
            },
      );
      setOpen(false);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: FAILURE_TITLE,
        description: errorMessage(error as ApiError, 'Your payout could not be requested.'),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={openWith}>
      <DialogTrigger asChild>
        <Button type="button">Request payout</Button>
      </DialogTrigger>
      <DialogContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Request a payout</DialogTitle>
            <DialogDescription>
              To {payoutMethodInWords(method)}. You have {formatPaise(available)} available; a payout is at
              least {formatPaise(minimum)}.
            </DialogDescription>
          </DialogHeader>
          <FormField
            id="payout-amount"
            label="Amount (₹)"
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
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading} aria-busy={isLoading || undefined}>
              {isLoading && <Spinner />}
              Pay out
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
