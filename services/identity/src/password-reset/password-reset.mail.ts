import type { User } from '../users/user.entity';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The password-reset mail, as text and HTML. */
export function passwordResetMail(user: Pick<User, 'firstName' | 'username'>, link: string, ttlMinutes: number) {
  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  const validity =
    ttlMinutes % 60 === 0 ? `${ttlMinutes / 60} hour${ttlMinutes === 60 ? '' : 's'}` : `${ttlMinutes} minutes`;
  const text = [
    greeting,
    '',
    `We received a request to reset the password of your Kerf account (${user.username}).`,
    `Open this link to choose a new password. It works once and expires in ${validity}:`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    'Kerf',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; color: #0f172a; line-height: 1.5">
<p>${escapeHtml(greeting)}</p>
<p>We received a request to reset the password of your Kerf account (${escapeHtml(user.username)}).
Choose a new password with the button below. The link works once and expires in ${validity}.</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #c2410c; color: #ffffff; border-radius: 6px; text-decoration: none">Reset password</a></p>
<p style="font-size: 13px; color: #475569">Or copy this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size: 13px; color: #475569">If you did not ask for this, ignore this e-mail: your password stays as it is.</p>
</body></html>`;
  return { subject: 'Reset your Kerf password', text, html };
}
