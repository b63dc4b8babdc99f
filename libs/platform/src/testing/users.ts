import { randomUUID } from 'node:crypto';

/** A JSON answer, read loosely as a test does. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies of many shapes
export type LooseJson = any;

/** A registered user of a test stack, calling the gateway as the browser does. */
export interface TestUser {
  id: string;
  cookie: string;
  call(method: string, path: string, body?: unknown): Promise<Response>;
  json(method: string, path: string, body?: unknown): Promise<{ status: number; json: LooseJson }>;
}

/** Registers a new user through the gateway. */
export async function signUp(gatewayUrl: string, label = 'user'): Promise<TestUser> {
  const response = await fetch(`${gatewayUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `${label}-${randomUUID()}@example.com`,
      password: 'long enough 1',
      firstName: 'Test',
      lastName: 'User',
    }),
  });
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const { id } = (await response.json()) as { id: string };
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${gatewayUrl}${path}`, {
      method,
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (method: string, path: string, body?: unknown) => {
    const reply = await call(method, path, body);
    const text = await reply.text();
    return { status: reply.status, json: (text ? JSON.parse(text) : {}) as LooseJson };
  };
  return { id, cookie, call, json };
}

/** Starts a trial the way a user does with the local payment provider's test card (billing must run). */
export async function startTrial(user: TestUser, plan = 'monthly'): Promise<void> {
  const created = await user.json('POST', '/api/subscription/create', { plan });
  if (created.status !== 200) throw new Error(`subscription/create: ${JSON.stringify(created.json)}`);
  const { clientSecret, subscriptionId } = created.json as { clientSecret: string; subscriptionId: string };
  const card = {
    clientSecret,
    number: '4242424242424242',
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  };
  await user.json('POST', '/api/billing/local/setup-intents/confirm', card);
  const confirmed = await user.json('POST', '/api/subscription/confirm', { subscriptionId, plan });
  if (confirmed.status !== 200) throw new Error(`subscription/confirm: ${JSON.stringify(confirmed.json)}`);
}

/** Creates a project, waiting for the trial's event to reach projects first. Answers its id. */
export async function createProject(user: TestUser, name = 'Test project'): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { status, json } = await user.json('POST', '/api/projects', { name });
    if (status === 201) return (json as { id: string }).id;
    if (status !== 403) throw new Error(`create project answered ${status}: ${JSON.stringify(json)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('projects never saw the trial');
}
