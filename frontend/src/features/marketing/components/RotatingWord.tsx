import { useEffect, useState } from 'react';
import { HEADLINE_INTERVAL_MS, HEADLINE_WORDS, shownWordIndex } from '@/features/marketing/lib/headline-words';

export { HEADLINE_INTERVAL_MS, HEADLINE_WORDS };

/**
 * The rotating word. It sits on a line of its own with a fixed height, so a
 * longer word never moves the text around it. Screen readers get the whole
 * headline once, from the heading's hidden text, not every change.
 */
export function RotatingWord({ className }: { className?: string }) {
  // Hydrating a page whose word the pre-app rotation already changed: carry on from that word.
  const [index, setIndex] = useState(shownWordIndex);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % HEADLINE_WORDS.length), HEADLINE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className={className} aria-hidden="true">
      <span
        key={index}
        data-testid="rotating-word"
        data-rotating-word=""
        className="inline-block animate-in duration-500 fade-in slide-in-from-bottom-3 motion-reduce:animate-none"
      >
        {HEADLINE_WORDS[index]}
      </span>
    </span>
  );
}
