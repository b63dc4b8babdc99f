import type { DrawingUnit } from '../analysis.types';

const METRES_PER_FOOT = 0.3048;

interface UnitDefinition {
  unit: DrawingUnit;
  name: string;
  metres: number;
}

/** $INSUNITS codes (AutoCAD DXF reference, HEADER section) with their length in metres. */
const INSUNITS: Record<number, UnitDefinition> = {
  1: { unit: 'in', name: 'inches', metres: 0.0254 },
  2: { unit: 'ft', name: 'feet', metres: 0.3048 },
  3: { unit: 'mi', name: 'miles', metres: 1609.344 },
  4: { unit: 'mm', name: 'millimetres', metres: 0.001 },
  5: { unit: 'cm', name: 'centimetres', metres: 0.01 },
  6: { unit: 'm', name: 'metres', metres: 1 },
  7: { unit: 'km', name: 'kilometres', metres: 1000 },
  8: { unit: 'other', name: 'microinches', metres: 0.0254e-6 },
  9: { unit: 'other', name: 'mils', metres: 0.0254e-3 },
  10: { unit: 'yd', name: 'yards', metres: 0.9144 },
  11: { unit: 'other', name: 'ångströms', metres: 1e-10 },
  12: { unit: 'other', name: 'nanometres', metres: 1e-9 },
  13: { unit: 'other', name: 'microns', metres: 1e-6 },
  14: { unit: 'dm', name: 'decimetres', metres: 0.1 },
  15: { unit: 'other', name: 'decametres', metres: 10 },
  16: { unit: 'other', name: 'hectometres', metres: 100 },
  17: { unit: 'other', name: 'gigametres', metres: 1e9 },
  18: { unit: 'other', name: 'astronomical units', metres: 149597870700 },
  19: { unit: 'other', name: 'light years', metres: 9460730472580.8 * 1000 },
  20: { unit: 'other', name: 'parsecs', metres: 3.0857e16 },
  21: { unit: 'us-survey-ft', name: 'US survey feet', metres: 1200 / 3937 },
  22: { unit: 'us-survey-in', name: 'US survey inches', metres: 100 / 3937 },
  23: { unit: 'other', name: 'US survey yards', metres: 3600 / 3937 },
  24: { unit: 'other', name: 'US survey miles', metres: 6336000 / 3937 },
};

/** The candidate units a building drawing is realistically drawn in, for inference. */
export const PLAUSIBLE_DRAWING_UNITS: readonly DrawingUnit[] = ['in', 'ft', 'mm', 'cm', 'm'];

const COMMON: Record<string, UnitDefinition> = {
  in: INSUNITS[1],
  ft: INSUNITS[2],
  mm: INSUNITS[4],
  cm: INSUNITS[5],
  m: INSUNITS[6],
};

export function unitFromInsUnits(code: number | undefined): UnitDefinition | undefined {
  return code === undefined ? undefined : INSUNITS[code];
}

export function feetPerUnit(unit: DrawingUnit): number {
  const definition = COMMON[unit] ?? Object.values(INSUNITS).find((d) => d.unit === unit);
  return definition ? definition.metres / METRES_PER_FOOT : 1;
}

export function metresPerUnit(unit: DrawingUnit): number {
  return feetPerUnit(unit) * METRES_PER_FOOT;
}

export function unitName(unit: DrawingUnit): string {
  return (COMMON[unit] ?? Object.values(INSUNITS).find((d) => d.unit === unit))?.name ?? 'drawing units';
}

export function feetPerInsUnit(code: number): number | undefined {
  const definition = INSUNITS[code];
  return definition ? definition.metres / METRES_PER_FOOT : undefined;
}
