import type { QueryClient } from '@tanstack/react-query';

/** The element the gateway fills with query answers it already has (see gateway/src/seo). */
export const SERVER_DATA_ID = 'kerf-data';

type ServerData = { queries?: Array<{ key: unknown[]; data: unknown }> };

/**
 * Puts the answers the server rendered into the page (the blog list, a post,
 * "signed out") into the query cache before the first render, so the screen
 * shows them at once instead of loading them again.
 */
export function seedQueriesFromPage(queryClient: QueryClient, doc: Document = document): void {
  const element = doc.getElementById(SERVER_DATA_ID);
  if (!element?.textContent) return;
  try {
    const { queries = [] } = JSON.parse(element.textContent) as ServerData;
    for (const { key, data } of queries) {
      if (Array.isArray(key)) queryClient.setQueryData(key, data);
    }
  } catch {
    // Unreadable data only means the screen loads it itself.
  }
  element.remove();
}
