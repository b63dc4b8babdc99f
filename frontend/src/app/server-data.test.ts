import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SERVER_DATA_ID, seedQueriesFromPage } from './server-data';

function pageData(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = SERVER_DATA_ID;
  script.textContent = text;
  document.body.appendChild(script);
}

describe('seedQueriesFromPage', () => {
  afterEach(() => document.getElementById(SERVER_DATA_ID)?.remove());

  it('puts the answers the server rendered into the cache and removes them from the page', () => {
    pageData(
      JSON.stringify({
        queries: [
          { key: ['blog', 'post', 'a'], data: { title: 'A' } },
          { key: ['/api/user'], data: null },
        ],
      }),
    );
    const client = createQueryClient();
    seedQueriesFromPage(client);
    expect(client.getQueryData(['blog', 'post', 'a'])).toEqual({ title: 'A' });
    expect(client.getQueryState(['/api/user'])?.status).toBe('success');
    expect(document.getElementById(SERVER_DATA_ID)).toBeNull();
  });

  it('ignores data it cannot read', () => {
    pageData('{not json');
    const client = createQueryClient();
    expect(() => seedQueriesFromPage(client)).not.toThrow();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
