import { useEffect } from 'react';

export type PageMeta = {
  /** The document title, as the browser tab shows it. */
  title: string;
  /** The meta description search engines show. */
  description?: string;
  /** The canonical address; a path ('/pricing') is resolved against this site's origin. */
  canonical?: string;
};

/**
 * Sets the page title, meta description and canonical link (SPEC §2: features,
 * pricing, about and blog) while the calling screen is shown, and puts back
 * what was there before when it goes away.
 */
export function usePageMeta({ title, description, canonical }: PageMeta): void {
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    return () => {
      document.title = previousTitle;
    };
  }, [title]);

  useEffect(() => {
    if (description === undefined) return;
    return setHeadElement('meta[name="description"]', 'meta', 'name', 'description', 'content', description);
  }, [description]);

  useEffect(() => {
    if (canonical === undefined) return;
    const href = new URL(canonical, window.location.origin).href;
    return setHeadElement('link[rel="canonical"]', 'link', 'rel', 'canonical', 'href', href);
  }, [canonical]);
}

/** Sets an attribute on a <head> element (creating it if needed) and returns how to undo that. */
function setHeadElement(
  selector: string,
  tag: 'meta' | 'link',
  keyAttribute: string,
  keyValue: string,
  valueAttribute: string,
  value: string,
): () => void {
  let element = document.head.querySelector(selector);
  const created = element === null;
  if (element === null) {
    element = document.createElement(tag);
    element.setAttribute(keyAttribute, keyValue);
    document.head.appendChild(element);
  }
  const previous = element.getAttribute(valueAttribute);
  element.setAttribute(valueAttribute, value);

  const target = element;
  return () => {
    if (created) target.remove();
    else if (previous === null) target.removeAttribute(valueAttribute);
    else target.setAttribute(valueAttribute, previous);
  };
}
