/**
 * "Remember me" (SPEC §2): only the username and password are sent at login,
 * so the box remembers the e-mail on this device for the next visit. Storage
 * that is unavailable (private mode, blocked) simply remembers nothing.
 */
const KEY = 'kerf:remembered-email';

export function rememberedEmail(): string {
  try {
    return window.localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberEmail(email: string | null): void {
  try {
    if (email) window.localStorage.setItem(KEY, email);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Nothing to remember with.
  }
}
