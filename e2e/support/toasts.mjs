/* global document, window, MutationObserver */
// Toasts close by themselves after 5 s (Radix's default). A test that polls
// for one races that timer: on a busy machine the page can take longer than
// 5 s to get from the action to the next poll, and the toast has come and
// gone. (Worse, Radix's role="status" element is a visually hidden announcer
// that lives about a second: a locator for it races that.) So every page
// records the toasts it shows, as they show, and tests read that record.

/**
 * Runs in the page before its own scripts: keeps, for every toast (an `li` of
 * the "Notifications" region Radix renders), its current text, where it came to
 * rest once its entrance animation ended, the page's widest scroll width while
 * it was on screen (its exit slides it sideways), and whether it is gone.
 */
function recordToasts() {
  const records = new WeakMap();
  window.__kerfToasts = [];
  const visit = (element) => {
    let record = records.get(element);
    if (!record) {
      record = { text: '', box: null, widestPage: 0, gone: false };
      records.set(element, record);
      window.__kerfToasts.push(record);
      Promise.allSettled(element.getAnimations().map((animation) => animation.finished)).then(() => {
        const { x, y, width, height } = element.getBoundingClientRect();
        record.box = { x, y, width, height };
      });
      const measure = () => {
        record.widestPage = Math.max(record.widestPage, document.documentElement.scrollWidth);
        if (element.isConnected) window.requestAnimationFrame(measure);
        else record.gone = true;
      };
      measure();
    }
    record.text = element.innerText || element.textContent || '';
  };
  new MutationObserver(() =>
    document.querySelectorAll('[role="region"][aria-label^="Notifications"] li').forEach(visit),
  ).observe(document, {
    childList: true,
    subtree: true,
    characterData: true,
  });
}

/** Makes every page of `browser` record its toasts (wraps newContext and newPage). */
export function recordToastsIn(browser) {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(recordToasts);
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once('close', () => void context.close().catch(() => undefined));
    return page;
  };
  return browser;
}

/**
 * Waits until the page has shown a toast whose text holds `title`, and answers
 * `{ text, box, widestPage, gone }`: its whole text (title and description), with
 * `{ settled: true }` its box once it stopped moving, in CSS pixels, and with
 * `{ gone: true }` once it has closed, the page's widest scroll width meanwhile.
 */
export async function toastShown(page, title, { timeout = 30_000, settled = false, gone = false } = {}) {
  try {
    const found = await page.waitForFunction(
      ({ title, settled, gone }) =>
        (window.__kerfToasts ?? []).find(
          (record) => record.text.includes(title) && (!settled || record.box) && (!gone || record.gone),
        ),
      { title, settled, gone },
      { timeout },
    );
    return await found.jsonValue();
  } catch (error) {
    const seen = await page.evaluate(() => window.__kerfToasts).catch(() => 'the page is gone');
    throw new Error(`no toast "${title}" within ${timeout} ms; the page showed: ${JSON.stringify(seen)}`, {
      cause: error,
    });
  }
}
