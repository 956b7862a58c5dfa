import { zodResolver } from '@hookform/resolvers/zod';
import { FAILURE_TITLE } from '@skillroute/shared/errors';
import {
  bankMethodSchema,
  upiMethodSchema,
  type PayoutMethodBody,
  type PayoutMethodShown,
} from '@skillroute/shared/payout-methods';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage, type ApiError } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useSavePayoutMethodMutation } from '../api';

type UpiForm = z.input<typeof upiMethodSchema>;
type BankForm = z.input<typeof bankMethodSchema>;

/**
 * Adds or replaces where payouts go: a UPI ID or a bank account, each checked as it is typed by the same zod
 * schema the api checks with. Nothing typed is kept once saved; the page shows the masked form the api answers.
 */
export function PayoutMethodDialog({ current }: { current: PayoutMethodShown | null }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<'upi' | 'bank'>(current?.type ?? 'upi');
  const [save] = useSavePayoutMethodMutation();
  const upi = useForm<UpiForm, unknown, PayoutMethodBody>({
    resolver: zodResolver(upiMethodSchema),
    mode: 'onChange',
    defaultValues: { type: 'upi', vpa: '' },
  });
  const bank = useForm<BankForm, unknown, PayoutMethodBody>({
    resolver: zodResolver(bankMethodSchema),
    mode: 'onChange',
    defaultValues: { type: 'bank', accountName: '', accountNumber: '', ifsc: '' },
  });
  const submitting = upi.formState.isSubmitting || bank.formState.isSubmitting;

  async function submit(body: PayoutMethodBody) {
    try {
      await save(body).unwrap();
      toast({ title: t('Payout method saved'), description: t('Your next payouts go there.') });
      setOpen(false);
      upi.reset();
      bank.reset();
    } catch (error) {
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(error as ApiError, t('Your payout method could not be saved.')),
      });
    }
  }

  const actions = (
    <DialogFooter>
      <Button type="button" variant="outline" disabled={submitting} onClick={() => setOpen(false)}>
        {t('Cancel')}
      </Button>
      <Button type="submit" disabled={submitting} aria-busy={submitting || undefined}>
        {submitting && <Spinner />}
        {t('Save')}
      </Button>
    </DialogFooter>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline">
          {current === null ? t('Add payout method') : t('Change payout method')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('Where should we pay you?')}</DialogTitle>
          <DialogDescription>
            {t('A UPI ID or an Indian bank account. Once saved, only its last four digits are ever shown.')}
          </DialogDescription>
        </DialogHeader>
        <Tabs value={kind} onValueChange={(value) => setKind(value as 'upi' | 'bank')}>
          <TabsList aria-label={t('Payout method')}>
            <TabsTrigger value="upi">UPI</TabsTrigger>
            <TabsTrigger value="bank">{t('Bank account')}</TabsTrigger>
          </TabsList>
          <TabsContent value="upi">
            <form noValidate onSubmit={upi.handleSubmit(submit)} className="grid gap-4 pt-2">
              <FormField
                id="payout-vpa"
                label={t('UPI ID')}
                hint={t('Like name@okicici, as your UPI app shows it.')}
                error={upi.formState.errors.vpa?.message}
              >
                {(control) => (
                  <Input {...control} autoComplete="off" spellCheck={false} {...upi.register('vpa')} />
                )}
              </FormField>
              {actions}
            </form>
          </TabsContent>
          <TabsContent value="bank">
            <form noValidate onSubmit={bank.handleSubmit(submit)} className="grid gap-4 pt-2">
              <FormField
                id="payout-account-name"
                label={t('Name on the account')}
                error={bank.formState.errors.accountName?.message}
              >
                {(control) => <Input {...control} autoComplete="name" {...bank.register('accountName')} />}
              </FormField>
              <FormField
                id="payout-account-number"
                label={t('Account number')}
                error={bank.formState.errors.accountNumber?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    autoComplete="off"
                    {...bank.register('accountNumber')}
                  />
                )}
              </FormField>
              <FormField
                id="payout-ifsc"
                label="IFSC"
                hint={t('On your cheque book or passbook, like HDFC0001234.')}
                error={bank.formState.errors.ifsc?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    {...bank.register('ifsc')}
                  />
                )}
              </FormField>
              {actions}
            </form>
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
