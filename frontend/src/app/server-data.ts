import type { QueryClient } from '@tanstack/react-query';

/** The element the gateway fills with query answers it already has (see gateway/src/seo). */
export const SERVER_DATA_ID = 'kerf-data';

type ServerQuery = { key: unknown[]; data: unknown };

/** The query answers the gateway wrote into the page; none when there are none or they cannot be read. */
export function serverQueries(doc: Document = document): ServerQuery[] {
  const text = doc.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    const { queries = [] } = JSON.parse(text) as { queries?: ServerQuery[] };
    return queries.filter(({ key }) => Array.isArray(key));
  } catch {
    // Unreadable data only means the screen loads it itself.
    return [];
  }
}

/**
 * Puts the answers the server rendered into the page (the blog list, a post,
 * "signed out") into the query cache before the first render, so the screen
 * shows them at once instead of loading them again.
 */
export function seedQueriesFromPage(queryClient: QueryClient, doc: Document = document): void {
  for (const { key, data } of serverQueries(doc)) queryClient.setQueryData(key, data);
  doc.getElementById(SERVER_DATA_ID)?.remove();
}
