import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootOnFirstInteraction, rotateHeadlineUntilBoot, servedToSignedOutVisitor } from '@/app/deferred-boot';
import { SERVER_DATA_ID } from '@/app/server-data';

function page(body: string, queries?: unknown[]): HTMLElement {
  document.body.innerHTML = `<div id="root">${body}</div>${
    queries ? `<script type="application/json" id="${SERVER_DATA_ID}">${JSON.stringify({ queries })}</script>` : ''
  }`;
  return document.getElementById('root')!;
}

/** A boot that resolves when the test says, after doing `render`. */
function controlledBoot(render: () => void = () => undefined) {
  let finish!: () => void;
  const boot = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = () => {
          render();
          resolve();
        };
      }),
  );
  return { boot, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('servedToSignedOutVisitor', () => {
  it('is true only for content the gateway sent with the answer that nobody is signed in', () => {
    expect(servedToSignedOutVisitor(page('<main>Hi</main>', [{ key: ['/api/user'], data: null }]))).toBe(true);
    expect(servedToSignedOutVisitor(page('', [{ key: ['/api/user'], data: null }]))).toBe(false);
    expect(servedToSignedOutVisitor(page('<main>Hi</main>'))).toBe(false);
    expect(servedToSignedOutVisitor(page('<main>Hi</main>', [{ key: ['/api/user'], data: { id: 'u1' } }]))).toBe(false);
  });
});

describe('bootOnFirstInteraction', () => {
  it('starts the app on the first key, once', () => {
    const root = page('<main>Hi</main>');
    const { boot } = controlledBoot();
    bootOnFirstInteraction(root, boot);
    expect(boot).not.toHaveBeenCalled();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(boot).toHaveBeenCalledTimes(1);
  });

  it('holds a press on a control made before the app answers, and presses it again once it does', async () => {
    const root = page('<button type="button">Yearly</button>');
    const button = root.querySelector('button')!;
    const { boot, finish } = controlledBoot();
    bootOnFirstInteraction(root, boot);
    const seen: string[] = [];
    for (const type of ['mousedown', 'click']) button.addEventListener(type, () => seen.push(type));

    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    button.click();
    expect(seen).toEqual([]);

    finish();
    await settle();
    await settle();
    expect(seen).toEqual(['mousedown', 'click']);
    // After that the page's own handlers answer directly.
    button.click();
    expect(seen).toEqual(['mousedown', 'click', 'click']);
  });

  it("presses the app's control of the same name when the app replaced the markup", async () => {
    const root = page('<button type="button">Concrete <span>(3)</span></button>');
    const pressed = vi.fn();
    const { boot, finish } = controlledBoot(() => {
      root.innerHTML =
        '<div><button type="button">Concrete (3)</button><button type="button">Framing (2)</button></div>';
      root.querySelectorAll('button')[0].addEventListener('click', () => pressed('Concrete'));
      root.querySelectorAll('button')[1].addEventListener('click', () => pressed('Framing'));
    });
    bootOnFirstInteraction(root, boot);
    root.querySelector('button')!.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    root.querySelector('button')!.click();
    finish();
    await settle();
    await settle();
    expect(pressed.mock.calls).toEqual([['Concrete']]);
  });

  it('carries text typed before the app into its field, with the focus', async () => {
    const root = page('<form><input id="blog-search" placeholder="Search articles…"></form>');
    const typed = vi.fn();
    const { boot, finish } = controlledBoot(() => {
      root.innerHTML = '<input id="blog-search" placeholder="Search articles…">';
      root
        .querySelector('input')!
        .addEventListener('input', (event) => typed((event.target as HTMLInputElement).value));
    });
    bootOnFirstInteraction(root, boot);
    const old = root.querySelector('input')!;
    old.focus();
    old.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    old.value = 'concrete';
    finish();
    await settle();
    const field = root.querySelector('input')!;
    expect(field).not.toBe(old);
    expect(field.value).toBe('concrete');
    expect(typed).toHaveBeenCalledWith('concrete');
    expect(document.activeElement).toBe(field);
  });
});

describe('rotateHeadlineUntilBoot', () => {
  it('turns the headline word every 2 seconds until the app starts', async () => {
    vi.useFakeTimers();
    const root = page('<h1><span data-rotating-word="">Estimates</span></h1>');
    const boot = vi.fn(() => Promise.resolve());
    const start = rotateHeadlineUntilBoot(root, boot);
    const word = () => root.querySelector('[data-rotating-word]')!.textContent;
    vi.advanceTimersByTime(2000);
    expect(word()).toBe('Takeoffs');
    vi.advanceTimersByTime(2000);
    expect(word()).toBe('Project Scopes');
    vi.advanceTimersByTime(2000);
    expect(word()).toBe('Estimates');
    await start();
    expect(boot).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4000);
    expect(word()).toBe('Estimates');
  });

  it('leaves a page without the headline alone', () => {
    const boot = vi.fn(() => Promise.resolve());
    expect(rotateHeadlineUntilBoot(page('<main>Hi</main>'), boot)).toBe(boot);
  });
});
