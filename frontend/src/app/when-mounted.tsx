import { useEffect, type ReactNode } from 'react';

/**
 * Calls `onMounted` once the tree inside it has committed: the app answers
 * events from then on. It renders its child as is, so the prerendered markup
 * (src/app/prerender.tsx wraps the same way) and React's ids are unchanged.
 */
export function WhenMounted({ onMounted, children }: { onMounted: () => void; children: ReactNode }) {
  useEffect(() => {
    onMounted();
  }, [onMounted]);
  return children;
}
