import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { untilEntitled } from './until-entitled';

const user = (expires: string | null) => ({
  id: 'u1',
  username: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Builder',
  subscriptionTier: 'free',
  subscriptionExpiresAt: expires,
});
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('waiting for the account to show a subscription billing confirmed', () => {
  it('reads the user again until the trial reaches it, and leaves it in the cache', async () => {
    const trialEnds = new Date(Date.now() + 7 * 86_400_000).toISOString();
    // The account learns of the trial by an event: the first two reads are from before it.
    const answers = [user(null), user(null), user(trialEnds)];
    const reads: string[] = [];
    vi.stubGlobal('fetch', async (input: string) => {
      reads.push(String(input));
      return json(answers[Math.min(reads.length - 1, answers.length - 1)]);
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(['/api/user'], user(null));
    await untilEntitled(queryClient, 5_000);
    expect(reads).toHaveLength(3);
    expect(reads.every((url) => url.endsWith('/api/user'))).toBe(true);
    expect(queryClient.getQueryData<{ subscriptionExpiresAt: string }>(['/api/user'])?.subscriptionExpiresAt).toBe(
      trialEnds,
    );
  });

  it('gives up after its time when the account never shows it, having kept reading', async () => {
    let reads = 0;
    vi.stubGlobal('fetch', async () => {
      reads++;
      return json(user(null));
    });
    const started = Date.now();
    await untilEntitled(new QueryClient(), 600);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
