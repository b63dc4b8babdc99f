import { format, isSameDay } from 'date-fns';

/** The notes panel's last-saved time: the clock time today, with the date on other days. */
export function formatSavedAt(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  return isSameDay(date, now) ? format(date, 'h:mm a') : format(date, 'MMM d, yyyy, h:mm a');
}
