import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@/features/chat/api/messages';
import { MessageBubble } from './MessageBubble';

const reply: ChatMessage = {
  id: 'm1',
  projectId: 'p1',
  content: 'The plan has 6 chairs and 212 ft of wall.',
  sender: 'ai',
  type: 'text',
  documentId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  metadata: {
    quantities: [
      {
        description: 'chairs',
        quantity: 6,
        unit: 'EA',
        source: { documentId: 'd2', filename: 'plan.dxf', block: 'CHAIR' },
      },
      {
        description: 'wall',
        quantity: 212,
        unit: 'LF',
        source: { documentId: 'd3', filename: 'a.pdf', page: 2, layer: 'A-WALL' },
      },
      { description: 'guess', quantity: 3, unit: 'EA', source: null },
    ],
  },
};

describe('a reply with sources', () => {
  it('links each source to the viewer at its page and item', () => {
    render(
      <MemoryRouter>
        <ul>
          <MessageBubble message={reply} documents={new Map()} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'plan.dxf · block CHAIR' })).toHaveAttribute(
      'href',
      '/dashboard/projects/p1/documents/d2?item=symbol%3ACHAIR',
    );
    expect(screen.getByRole('link', { name: 'a.pdf · page 2 · layer A-WALL' })).toHaveAttribute(
      'href',
      '/dashboard/projects/p1/documents/d3?page=2&item=layer%3AA-WALL',
    );
    expect(screen.getByText(/no source given/)).toBeInTheDocument();
  });
});
