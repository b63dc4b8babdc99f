import { FlaskConical, Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-error';
import { confirmLocalCard } from '@/features/billing/api/subscription';
import { type CardErrors, checkCardDetails, fieldOfMessage, parseExpiry } from '@/features/billing/lib/card-details';

/** Groups the digits as printed on a card: 4242 4242 4242 4242. */
function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The local provider's card form: the stand-in for Stripe's Payment Element
 * when Kerf runs without Stripe keys. It behaves like Stripe's test mode.
 */
export function LocalCardForm({
  clientSecret,
  onConfirmed,
}: {
  clientSecret: string;
  onConfirmed: () => Promise<void>;
}) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [fieldErrors, setFieldErrors] = useState<CardErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    // Every field's problem at once, before anything is sent.
    const problems = checkCardDetails({ number, expiry, cvc });
    setFieldErrors(problems);
    const date = parseExpiry(expiry);
    if (Object.keys(problems).length > 0 || !date) {
      const first = (['number', 'expiry', 'cvc'] as const).find((field) => problems[field]);
      if (first) document.getElementById(`card-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await confirmLocalCard({ clientSecret, number, expMonth: date.month, expYear: date.year, cvc });
    } catch (failure) {
      setBusy(false);
      const answered = failure instanceof ApiError ? failure : undefined;
      if (answered?.status === 400) {
        const message = answered.serverMessage || 'Check your card details.';
        const field = fieldOfMessage(message);
        if (field) setFieldErrors({ [field]: message });
        else setError(message);
      } else
        toast({
          variant: 'destructive',
          title: 'Payment Setup Failed',
          description: answered?.serverMessage ?? 'Your card could not be set up.',
        });
      return;
    }
    await onConfirmed();
    setBusy(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="Card details" noValidate>
      <Alert>
        <FlaskConical />
        <AlertTitle>Local test payment form</AlertTitle>
        <AlertDescription>
          This server runs without a payment provider: no card is charged. Use 4242 4242 4242 4242 with any future date
          and any CVC; 4000 0000 0000 0002 is declined.
        </AlertDescription>
      </Alert>
      <TextField
        id="card-number"
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={number}
        onChange={(event) => setNumber(formatCardNumber(event.target.value))}
        error={fieldErrors.number}
        required
      />
      <div className="grid grid-cols-2 items-start gap-4">
        <TextField
          id="card-expiry"
          label="Expiry (MM / YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          onChange={(event) => setExpiry(event.target.value)}
          error={fieldErrors.expiry}
          required
        />
        <TextField
          id="card-cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={cvc}
          onChange={(event) => setCvc(event.target.value.replace(/\D/g, ''))}
          error={fieldErrors.cvc}
          required
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? <Spinner /> : <Lock />}
        Start 7-day free trial
      </Button>
    </form>
  );
}
