import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/**
 * The part of Stripe's REST API that Kerf's billing uses (customers,
 * subscriptions with a trial, setup intents), served locally so the real
 * `stripe` library can be pointed at it. Stripe's own test payment methods
 * decide a setup intent's outcome: pm_card_visa succeeds, pm_card_chargeDeclined
 * is declined. `stripe` holds the state so a test can move time on (Stripe
 * charging or cancelling at the trial's end).
 */
export class FakeStripe {
  readonly customers = new Map<string, Record<string, unknown>>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  readonly requests: Array<{ method: string; path: string; form: URLSearchParams; key: string }> = [];
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => void this.route(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const form = new URLSearchParams(request.method === 'GET' ? url.search : Buffer.concat(chunks).toString('utf8'));
    const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const path = url.pathname;
    this.requests.push({ method: request.method ?? 'GET', path, form, key });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${id()}` });
      response.end(JSON.stringify(body));
    };
    if (!key.startsWith('sk_test_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    const expand = [...form].filter(([name]) => /^expand\[\d*\]$/.test(name)).map(([, value]) => value);
    let match: RegExpExecArray | null;
    if (request.method === 'POST' && path === '/v1/customers') {
      const customer = { id: `cus_${id()}`, object: 'customer', email: form.get('email'), metadata: metadata(form) };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (request.method === 'POST' && path === '/v1/subscriptions') {
      const customer = form.get('customer') ?? '';
      if (!this.customers.has(customer))
        return send(400, { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } });
      const intent: FakeSetupIntent = {
        id: `seti_${id()}`,
        object: 'setup_intent',
        client_secret: '',
        status: 'requires_payment_method',
        last_setup_error: null,
      };
      intent.client_secret = `${intent.id}_secret_${id()}`;
      this.setupIntents.set(intent.id, intent);
      const trialEnd = Math.floor(Date.now() / 1000) + Number(form.get('trial_period_days') ?? 0) * 86_400;
      const subscription: FakeSubscription = {
        id: `sub_${id()}`,
        object: 'subscription',
        customer,
        // With a trial, Stripe starts the subscription as trialing before any card exists.
        status: 'trialing',
        trial_end: trialEnd,
        cancel_at_period_end: false,
        metadata: metadata(form),
        pending_setup_intent: intent.id,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id()}`,
              object: 'subscription_item',
              current_period_end: trialEnd,
              price: { id: form.get('items[0][price]') },
            },
          ],
        },
      };
      this.subscriptions.set(subscription.id, subscription);
      return send(200, this.render(subscription, expand));
    }
    if ((match = /^\/v1\/subscriptions\/([\w]+)$/.exec(path))) {
      const subscription = this.subscriptions.get(match[1]!);
      if (!subscription)
        return send(404, { error: { type: 'invalid_request_error', message: `No such subscription: '${match[1]}'` } });
      if (request.method === 'POST' && form.has('cancel_at_period_end'))
        subscription.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
      if (request.method === 'DELETE') subscription.status = 'canceled';
      return send(200, this.render(subscription, expand));
    }
    if ((match = /^\/v1\/setup_intents\/([\w]+)(\/confirm)?$/.exec(path))) {
      const intent = this.setupIntents.get(match[1]!);
      if (!intent)
        return send(404, { error: { type: 'invalid_request_error', message: `No such setupintent: '${match[1]}'` } });
      if (match[2] && request.method === 'POST') {
        if (form.get('payment_method') === 'pm_card_visa') {
          intent.status = 'succeeded';
          intent.last_setup_error = null;
          for (const subscription of this.subscriptions.values())
            if (subscription.pending_setup_intent === intent.id) subscription.pending_setup_intent = null;
        } else {
          intent.status = 'requires_payment_method';
          intent.last_setup_error = { code: 'card_declined', message: 'Your card was declined.' };
          return send(402, {
            error: {
              type: 'card_error',
              code: 'card_declined',
              message: 'Your card was declined.',
              setup_intent: intent,
            },
          });
        }
      }
      return send(200, intent);
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
  }

  private render(subscription: FakeSubscription, expand: string[]) {
    const pending = subscription.pending_setup_intent;
    return {
      ...subscription,
      pending_setup_intent:
        pending && expand.includes('pending_setup_intent') ? this.setupIntents.get(pending) : pending,
    };
  }
}

export interface FakeSetupIntent {
  id: string;
  object: 'setup_intent';
  client_secret: string;
  status: string;
  last_setup_error: { code: string; message: string } | null;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  pending_setup_intent: string | null;
  items: {
    object: 'list';
    data: Array<{ id: string; object: string; current_period_end: number; price: { id: string | null } }>;
  };
}

const id = () => randomBytes(12).toString('hex');

function metadata(form: URLSearchParams): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) result[match[1]!] = value;
  }
  return result;
}
