/**
 * The `?redirect=` target after login or registration, only when it is a path
 * on this site; anything else (another origin, '//host', a scheme) gives the
 * fallback, so the parameter cannot send a user elsewhere.
 */
export function safeRedirect(raw: string | null | undefined, fallback: string): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return fallback;
  return raw;
}
