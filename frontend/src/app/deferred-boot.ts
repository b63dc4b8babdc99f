// What runs before the app on a public page a signed-out visitor reads: it
// decides when to start the app, keeps the landing headline turning meanwhile,
// and makes sure the control the visitor pressed first does what they meant
// once the app is there. Kept free of React so it costs the page next to nothing.
import { serverQueries } from '@/app/server-data';
import { HEADLINE_INTERVAL_MS, HEADLINE_WORDS, ROTATING_WORD_ATTRIBUTE } from '@/features/marketing/lib/headline-words';

type Boot = () => Promise<void>;

/** Controls whose press needs the app; links and text fields work without it. */
const CONTROLS =
  'button, [role="button"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="switch"], summary';

/**
 * Whether the gateway sent this page's content whole (prerendered, or the
 * blog's own markup) together with the answer that nobody is signed in.
 */
export function servedToSignedOutVisitor(container: HTMLElement, doc: Document = document): boolean {
  if (!container.firstElementChild) return false;
  return serverQueries(doc).some(({ key, data }) => key.length === 1 && key[0] === '/api/user' && data === null);
}

/** Turns the landing headline's word (if the page has one) until the app takes over; answers the boot to use. */
export function rotateHeadlineUntilBoot(container: HTMLElement, boot: Boot): Boot {
  if (!container.querySelector(`[${ROTATING_WORD_ATTRIBUTE}]`)) return boot;
  const timer = setInterval(() => {
    const word = container.querySelector(`[${ROTATING_WORD_ATTRIBUTE}]`);
    if (!word) return;
    // A new element, as the app renders it (keyed by the word), so its entrance animation plays again.
    const next = word.cloneNode() as Element;
    const shown = HEADLINE_WORDS.indexOf(word.textContent as (typeof HEADLINE_WORDS)[number]);
    next.textContent = HEADLINE_WORDS[(shown + 1) % HEADLINE_WORDS.length];
    word.replaceWith(next);
  }, HEADLINE_INTERVAL_MS);
  return () => {
    clearInterval(timer);
    return boot();
  };
}

/**
 * Starts the app on the visitor's first touch, click, key or focus. A control
 * pressed before the app can answer is pressed again once it can: on the same
 * element when the app kept the markup (hydration), else on the one with the
 * same name in the app's own markup. A text field typed into keeps its text
 * and focus the same way.
 */
export function bootOnFirstInteraction(container: HTMLElement, boot: Boot, win: Window = window): void {
  const doc = container.ownerDocument;
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin'];
  let booting: Promise<void> | undefined;
  let booted = false;
  let pressing = false;
  let field: HTMLInputElement | HTMLTextAreaElement | undefined;

  const start = (): Promise<void> =>
    (booting ??= boot().then(() => {
      booted = true;
      for (const type of triggers) win.removeEventListener(type, onTrigger, true);
      if (field && !field.isConnected) carryField(container, field);
      // A press under way as the app arrived still ends in a click to hold and replay.
      if (!pressing) doc.removeEventListener('click', holdClick, true);
    }));

  function onTrigger(event: Event) {
    if (event.type === 'pointerdown' || event.type === 'touchstart') pressing = true;
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) field = target;
    void start();
  }

  function holdClick(event: MouseEvent) {
    pressing = false;
    const control = event.target instanceof Element ? event.target.closest(CONTROLS) : null;
    if (control && container.contains(control)) {
      event.preventDefault();
      event.stopImmediatePropagation();
      const name = nameOf(control);
      void start().then(() =>
        setTimeout(() => press(control.isConnected ? control : findByName(container, control.tagName, name))),
      );
    }
    if (booted) doc.removeEventListener('click', holdClick, true);
  }

  for (const type of triggers) win.addEventListener(type, onTrigger, { capture: true, passive: true });
  doc.addEventListener('click', holdClick, true);
}

/** What a person would call a control: its label, else its text, without spacing. */
function nameOf(element: Element): string {
  return (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, '');
}

function findByName(container: HTMLElement, tagName: string, name: string): Element | undefined {
  return [...container.querySelectorAll(tagName)].find((element) => nameOf(element) === name);
}

/** A whole press, as a mouse makes it: some controls act on pointer or mouse down, others on click. */
function press(element: Element | undefined): void {
  if (!(element instanceof HTMLElement)) return;
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, pointerType: 'mouse', isPrimary: true };
  const Pointer = globalThis.PointerEvent ?? MouseEvent;
  element.dispatchEvent(new Pointer('pointerdown', { ...init, buttons: 1 }));
  element.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
  element.dispatchEvent(new Pointer('pointerup', init));
  element.dispatchEvent(new MouseEvent('mouseup', init));
  element.click();
}

/** Puts what was typed into the old field into the app's field of the same id, name or placeholder. */
function carryField(container: HTMLElement, old: HTMLInputElement | HTMLTextAreaElement): void {
  const selector = old.id
    ? `#${CSS.escape(old.id)}`
    : old.name
      ? `[name="${CSS.escape(old.name)}"]`
      : `[placeholder="${CSS.escape(old.placeholder)}"]`;
  const field = container.querySelector(selector);
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  if (old.value) {
    // React tracks a field's value through its setter: set it the way typing does, then say so.
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
    setter?.call(field, old.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  field.focus();
}
