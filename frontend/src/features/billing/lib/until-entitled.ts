import type { QueryClient } from '@tanstack/react-query';
import { getUserQueryOptions } from '@/features/auth';
import { isEntitled } from './subscription';

/** How long a confirmed subscription may take to reach the account: the event's trip from billing, with room. */
const WAIT_MS = 20_000;
const EVERY_MS = 250;

/**
 * Refetches the signed-in user until the account shows the subscription billing
 * has just confirmed. The account learns of it by an event a moment after
 * billing answers; going on before that, the dashboard would see no plan yet and
 * send the user back to /pricing. Gives up after WAIT_MS (the dashboard then
 * says what the account says).
 */
export async function untilEntitled(queryClient: QueryClient, waitMs = WAIT_MS): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const user = await queryClient.fetchQuery({ ...getUserQueryOptions(), staleTime: 0 }).catch(() => null);
    if ((user && isEntitled(user)) || Date.now() >= until) return;
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS));
  }
}
