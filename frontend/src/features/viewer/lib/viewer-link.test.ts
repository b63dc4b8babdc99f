import { describe, expect, it } from 'vitest';
import { viewerHref } from './viewer-link';

describe('links to the viewer', () => {
  it('opens the page with the named room, layer or block selected', () => {
    expect(viewerHref('p 1', { documentId: 'd1', page: 3, room: 'OFFICE 101' })).toBe(
      '/dashboard/projects/p%201/documents/d1?page=3&item=room%3AOFFICE+101',
    );
    expect(viewerHref('p1', { documentId: 'd1', layer: 'A-WALL' })).toBe(
      '/dashboard/projects/p1/documents/d1?item=layer%3AA-WALL',
    );
    expect(viewerHref('p1', { documentId: 'd1', block: 'DOOR' })).toBe(
      '/dashboard/projects/p1/documents/d1?item=symbol%3ADOOR',
    );
    expect(viewerHref('p1', { documentId: 'd1' })).toBe('/dashboard/projects/p1/documents/d1');
  });
});
