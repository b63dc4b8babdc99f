import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';

const stripes = new Map<string, Promise<Stripe | null>>();

/** Stripe.js, loaded once per key and only when Stripe is the provider. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to initialize payment' });
      return null;
    });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function SetupForm({ onConfirmed }: { onConfirmed: () => Promise<void> }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    // SPEC §4: no redirect unless the card's bank requires one; then Stripe returns to /subscription-success.
    const { error } = await stripe.confirmSetup({
      elements,
      confirmParams: { return_url: `${window.location.origin}${paths.app.subscriptionSuccess.getHref()}` },
      redirect: 'if_required',
    });
    if (error) {
      setBusy(false);
      toast({ variant: 'destructive', title: 'Payment Setup Failed', description: error.message });
      return;
    }
    await onConfirmed();
    setBusy(false);
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label="Card details">
      <PaymentElement />
      <Button type="submit" size="lg" disabled={!stripe || busy}>
        {busy ? <Spinner /> : <Lock />}
        Start 7-day free trial
      </Button>
    </form>
  );
}

/** Stripe's Payment Element, confirming the subscription's SetupIntent in the browser. */
export function StripeCardForm(props: {
  publishableKey: string;
  clientSecret: string;
  onConfirmed: () => Promise<void>;
}) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)} options={{ clientSecret: props.clientSecret }}>
      <SetupForm onConfirmed={props.onConfirmed} />
    </Elements>
  );
}
