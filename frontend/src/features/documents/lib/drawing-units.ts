import type { OverridableUnit } from '@/features/documents/api/documents';

/** The units a person can set a drawing to, in the order they are offered. */
export const OVERRIDABLE_UNITS = ['in', 'ft', 'mm', 'cm', 'm'] as const satisfies readonly OverridableUnit[];

const NAMES: Record<string, string> = {
  in: 'inches',
  ft: 'feet',
  mm: 'millimetres',
  cm: 'centimetres',
  m: 'metres',
  yd: 'yards',
  mi: 'miles',
  km: 'kilometres',
  dm: 'decimetres',
  'us-survey-ft': 'US survey feet',
  'us-survey-in': 'US survey inches',
};

/** A drawing unit as the warnings write it: "inches", "millimetres". */
export function unitName(unit: string | undefined): string {
  return (unit && NAMES[unit]) ?? 'drawing units';
}

export function isOverridableUnit(unit: string | undefined): unit is OverridableUnit {
  return (OVERRIDABLE_UNITS as readonly string[]).includes(unit ?? '');
}
