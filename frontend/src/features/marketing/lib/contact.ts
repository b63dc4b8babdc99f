/**
 * Where people reach the Kerf team. A deployment sets VITE_CONTACT_EMAIL when
 * it builds the frontend; without it the product's own address is shown.
 */
export const CONTACT_EMAIL: string = (import.meta.env.VITE_CONTACT_EMAIL as string | undefined) || 'support@kerf.app';

export const mailto = (subject: string) => `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}`;
