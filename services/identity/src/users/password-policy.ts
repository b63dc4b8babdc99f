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
  onlySpaces: 'Password cannot be only spaces',
  repeated: 'Password cannot be one character or a short group of characters repeated',
  sequence: 'Password cannot be a simple sequence such as abcdefgh, 12345678 or qwertyui',
} as const;

/** Runs of keys a person types without thinking: the alphabet, digits and keyboard rows, both ways. */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc4rfv',
];

/** One character, or a group of up to 4, over and over ("aaaaaaaa", "abababab", "12341234"). */
export function isRepeated(password: string): boolean {
  const text = password.toLowerCase();
  for (let unit = 1; unit <= 4 && unit * 2 <= text.length; unit++) {
    if (
      text ===
      text
        .slice(0, unit)
        .repeat(Math.ceil(text.length / unit))
        .slice(0, text.length)
    )
      return true;
  }
  return false;
}

/** The whole password (spaces aside) is a stretch of one of SEQUENCES, forwards or backwards. */
export function isSequence(password: string): boolean {
  const text = password.toLowerCase().replace(/\s+/g, '');
  if (text.length < 4) return false;
  return SEQUENCES.some((run) => run.includes(text) || [...run].reverse().join('').includes(text));
}

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
 * Every new password, whatever the form in front of it says (NIST SP 800-63B):
 * at least 8 characters, at most 200 (argon2 input stays bounded), not only
 * spaces, not one character or a short group repeated, not a run of the
 * alphabet, digits or a keyboard row, and not on the list of common passwords
 * (compared without regard to case and surrounding spaces). Each refusal names
 * its rule. Only new passwords are checked: existing ones keep logging in.
 */
export const newPasswordSchema = (requiredMessage = 'Password is required') =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
    .refine((password) => password.trim() !== '', PASSWORD_MESSAGES.onlySpaces)
    .refine((password) => !isRepeated(password), PASSWORD_MESSAGES.repeated)
    .refine((password) => !isSequence(password), PASSWORD_MESSAGES.sequence)
    .refine((password) => !isCommonPassword(password), PASSWORD_MESSAGES.tooCommon);
