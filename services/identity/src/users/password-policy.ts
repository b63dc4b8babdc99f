import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

/** services/identity/data/common-passwords.txt, from the compiled dist/src/users/. */
const COMMON_PASSWORDS_FILE = resolve(__dirname, '../../../data/common-passwords.txt');

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  tooCommon: 'This password is too common. Please choose one that is harder to guess.',
} as const;

let commonPasswords: Set<string> | undefined;

/** The list of common passwords (lower case), read once. Lines starting with # are comments. */
export function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('#')),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/**
 * Every new password, whatever the form in front of it says: at least 8
 * characters, at most 200 (argon2 input stays bounded), and not on the list of
 * common passwords (compared without regard to case and surrounding spaces).
 */
export const newPasswordSchema = (requiredMessage = 'Password is required') =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
    .refine((password) => !isCommonPassword(password), PASSWORD_MESSAGES.tooCommon);
