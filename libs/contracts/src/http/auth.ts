import { z } from 'zod';
import { apiErrorBody, apiRoute, success } from './route';

const text = (field: string) => z.string({ error: `${field} must be text` }).max(10_000, `${field} is too long`);
const name = (field: string) =>
  z
    .string({ error: `${field} must be text or null` })
    .max(10_000, `${field} is too long`)
    .nullable()
    .optional();

export const registerBody = z.object(
  { username: text('Email'), password: text('Password'), firstName: text('First name'), lastName: text('Last name') },
  { error: 'Send the account details as a JSON object' },
);
export const loginBody = z.object(
  { username: text('Email'), password: text('Password') },
  { error: 'Send the email and password as a JSON object' },
);
export const changePasswordBody = z.object(
  {
    currentPassword: text('Current password').min(1, 'Current password required'),
    newPassword: text('New password').min(1, 'New password is required'),
  },
  { error: 'Send the current and new password as a JSON object' },
);
/** A name to set ('' or null clears it); absent leaves it as it is. The e-mail cannot be changed. */
export const updateProfileBody = z.object(
  { firstName: name('First name'), lastName: name('Last name') },
  { error: 'Send the profile as a JSON object' },
);
export const requestPasswordResetBody = z.object(
  { email: text('Email') },
  { error: 'Send the email as a JSON object' },
);
export const resetPasswordBody = z.object(
  { token: text('Token'), password: text('Password') },
  { error: 'Send the token and new password as a JSON object' },
);

/** The user as the API shows it (docs/spec.md §3 fields, never a hash or token). */
export const user = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable().default(null),
  lastName: z.string().nullable().default(null),
  subscriptionTier: z.string().nullable().default(null),
  subscriptionExpiresAt: z.string().nullable().default(null),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.output<typeof user>;

export const successMessage = z.object({ success: z.literal(true), message: z.string() });
/** A failed reset carries its text in `error` as well as `message` (the screen reads `error`). */
export const resetPasswordFailure = apiErrorBody.extend({ error: z.string() });

export const authRoutes = {
  register: apiRoute({
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account and sign in (sets the session cookie)',
    signedIn: false,
    body: registerBody,
    responses: { 201: { description: 'The new user', schema: user } },
  }),
  login: apiRoute({
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in (sets the session cookie; 429 with Retry-After when throttled)',
    signedIn: false,
    body: loginBody,
    responses: { 200: { description: 'The user', schema: user } },
  }),
  logout: apiRoute({
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out (clears the session cookie)',
    signedIn: false,
    responses: { 200: { description: 'Signed out', schema: success } },
  }),
  user: apiRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user; 401 when signed out',
    signedIn: true,
    responses: { 200: { description: 'The user', schema: user } },
  }),
  updateProfile: apiRoute({
    method: 'PATCH',
    path: '/api/user/profile',
    summary: 'Change first and last name',
    signedIn: true,
    body: updateProfileBody,
    responses: { 200: { description: 'The user', schema: user } },
  }),
  changePassword: apiRoute({
    method: 'POST',
    path: '/api/user/password',
    summary: "Change the password (ends the user's other sessions)",
    signedIn: true,
    body: changePasswordBody,
    responses: { 200: { description: 'Changed', schema: successMessage } },
  }),
  requestPasswordReset: apiRoute({
    method: 'POST',
    path: '/api/reset-password/request',
    summary: 'E-mail a reset link (the same answer whether or not the account exists)',
    signedIn: false,
    body: requestPasswordResetBody,
    responses: { 200: { description: 'Requested', schema: successMessage } },
  }),
  resetPassword: apiRoute({
    method: 'POST',
    path: '/api/reset-password/reset',
    summary: 'Set a new password with the token from the e-mail',
    signedIn: false,
    body: resetPasswordBody,
    responses: {
      200: { description: 'Reset', schema: successMessage },
      400: { description: 'The token is invalid or expired, or the password too weak', schema: resetPasswordFailure },
    },
  }),
};
