import { useEffect, useState } from 'react';

/** SPEC §2 and §9: the landing headline's word changes every 2 seconds. */
export const HEADLINE_WORDS = ['Estimates', 'Takeoffs', 'Project Scopes'] as const;
export const HEADLINE_INTERVAL_MS = 2000;

/**
 * The rotating word. It sits on a line of its own with a fixed height, so a
 * longer word never moves the text around it. Screen readers get the whole
 * headline once, from the heading's hidden text, not every change.
 */
export function RotatingWord({ className }: { className?: string }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setIndex((i) => (i + 1) % HEADLINE_WORDS.length), HEADLINE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <span className={className} aria-hidden="true">
      <span
        key={index}
        data-testid="rotating-word"
        className="inline-block animate-in duration-500 fade-in slide-in-from-bottom-3 motion-reduce:animate-none"
      >
        {HEADLINE_WORDS[index]}
      </span>
    </span>
  );
}
