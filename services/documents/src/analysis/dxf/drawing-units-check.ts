/**
 * Which unit the drawing is really in. The header's $INSUNITS is often wrong
 * (a plan drawn in inches whose header says millimetres is common), so the
 * drawing's own dimensions are read as a witness: a dimension whose geometry
 * measures 192 units and whose text says 16'-0" was drawn in inches.
 */
import type { AnalysisOverrides, DrawingUnit, DrawingUnits, OverridableUnit } from '../analysis.types';
import type { DimensionEntity, DimensionStyleValues } from './drawing-entities';
import type { DrawingTakeoff } from './drawing-takeoff';
import {
  PLAUSIBLE_DRAWING_UNITS,
  feetPerInsUnit,
  feetPerUnit,
  metresPerUnit,
  unitFromInsUnits,
  unitName,
} from './drawing-units';

const METRES_PER_INCH = 0.0254;

export interface UnitsDecision {
  units: DrawingUnits;
  warnings: string[];
}

interface DimensionReading {
  unit: DrawingUnit;
  measurement: number;
  shown: string;
}

/** Measured length of a linear, aligned, radial, diametric or ordinate dimension from its definition points. */
export function measureDimension(d: DimensionEntity): number | undefined {
  const p10 = d.definitionPoint;
  switch (d.dimensionType) {
    case 0: {
      if (!d.point13 || !d.point14) return d.storedMeasurement;
      const angle = (d.rotationDeg * Math.PI) / 180;
      return Math.abs((d.point14.x - d.point13.x) * Math.cos(angle) + (d.point14.y - d.point13.y) * Math.sin(angle));
    }
    case 1:
      return d.point13 && d.point14
        ? Math.hypot(d.point14.x - d.point13.x, d.point14.y - d.point13.y, d.point14.z - d.point13.z)
        : d.storedMeasurement;
    case 3:
    case 4:
      return d.point15 ? Math.hypot(d.point15.x - p10.x, d.point15.y - p10.y) : d.storedMeasurement;
    case 6:
      if (!d.point13) return d.storedMeasurement;
      return d.ordinateIsX ? Math.abs(d.point13.x - p10.x) : Math.abs(d.point13.y - p10.y);
    default:
      return undefined; // angular: degrees, no length
  }
}

/**
 * A length shown as dimension text, in metres, when the text says its unit:
 * 16'-0", 3'-1 1/2", 2 1/2", 7'2, 1200 mm, 4.5 m.
 */
export function parseShownLength(text: string): number | undefined {
  const line = text
    .split('\n')[0]
    .replace(/^[\sRrØø⌀]+/, '')
    .trim();
  const feetInches = /^(\d+(?:\.\d+)?)\s*'(?:\s*-?\s*(\d+(?:\.\d+)?)?(?:\s*(\d+)\/(\d+))?\s*"?)?$/.exec(line);
  if (feetInches) {
    const [, feet, inches, num, den] = feetInches;
    const fraction = num && den && Number(den) !== 0 ? Number(num) / Number(den) : 0;
    return (Number(feet) * 12 + Number(inches ?? 0) + fraction) * METRES_PER_INCH;
  }
  const inchesOnly = /^(?:(\d+(?:\.\d+)?)\s*)?(?:(\d+)\/(\d+))?\s*"$/.exec(line);
  if (inchesOnly && (inchesOnly[1] || inchesOnly[2])) {
    const [, whole, num, den] = inchesOnly;
    const fraction = num && den && Number(den) !== 0 ? Number(num) / Number(den) : 0;
    return (Number(whole ?? 0) + fraction) * METRES_PER_INCH;
  }
  const metric = /^(\d+(?:[.,]\d+)?)\s*(mm|cm|m)$/i.exec(line);
  if (metric) {
    const value = Number(metric[1].replace(',', '.'));
    const unit = metric[2].toLowerCase();
    return value * (unit === 'mm' ? 0.001 : unit === 'cm' ? 0.01 : 1);
  }
  return undefined;
}

function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toPrecision(6)));
}

/** The unit in which `measurement` drawing units is shown as `shownMetres`, if exactly one fits. */
function unitThatExplains(measurement: number, shownMetres: number): DrawingUnit | undefined {
  // Shown values are rounded (to 1/16" or to a whole inch or millimetre): allow 2% or half an inch.
  const tolerance = Math.max(0.02 * shownMetres, METRES_PER_INCH / 2);
  const fits = PLAUSIBLE_DRAWING_UNITS.filter(
    (unit) => Math.abs(measurement * metresPerUnit(unit) - shownMetres) <= tolerance,
  );
  return fits.length === 1 ? fits[0] : undefined;
}

/**
 * The units the lengths and areas are computed in: the user's choice when they
 * set one, else the header's, else (unitless) the one the dimensions support.
 * `suggested` is the one-click fix the screen offers.
 */
export function decideDrawingUnits(takeoff: DrawingTakeoff, override?: AnalysisOverrides['units']): UnitsDecision {
  const header = takeoff.drawingHeader;
  const declared = unitFromInsUnits(header.insUnits);
  const warnings: string[] = [];

  const readings: DimensionReading[] = [];
  const formatVotes = new Map<DrawingUnit, number>();
  for (const dimension of takeoff.dimensions) {
    const measured = measureDimension(dimension);
    if (measured === undefined || !(measured > 1e-9)) continue;
    const style = effectiveStyle(takeoff, dimension);
    const measurement = measured * Math.abs(style.linearScale || 1);
    const shown = shownText(takeoff, dimension);
    const shownMetres = shown === undefined ? undefined : parseShownLength(shown);
    const unit = shownMetres === undefined ? undefined : unitThatExplains(measurement, shownMetres);
    if (unit && shown !== undefined) {
      readings.push({ unit, measurement: measured, shown });
    } else if (style.linearUnitFormat === 3 || style.linearUnitFormat === 4) {
      // Engineering and architectural formats show feet and inches: AutoCAD treats one unit as an inch.
      formatVotes.set('in', (formatVotes.get('in') ?? 0) + 1);
    }
  }

  const votes = new Map<DrawingUnit, number>();
  for (const r of readings) votes.set(r.unit, (votes.get(r.unit) ?? 0) + 1);
  const winner = majority(votes, readings.length) ?? majority(formatVotes, sumOf(formatVotes));
  const evidence = winner ? describeEvidence(winner, readings, formatVotes) : undefined;

  if (override) return overriddenUnits(takeoff, override, declared, winner, evidence);

  if (!declared) {
    const assumed: DrawingUnit = winner ?? (header.measurement === 1 ? 'mm' : header.measurement === 0 ? 'in' : 'in');
    const why = evidence
      ? evidence
      : header.measurement === 1
        ? 'the header marks it as a metric drawing ($MEASUREMENT = 1)'
        : header.measurement === 0
          ? 'the header marks it as an imperial drawing ($MEASUREMENT = 0)'
          : 'nothing in the file says otherwise and inches are AutoCAD’s default';
    // Without dimension text to go by, sizes that make no sense for a building in the assumed unit say which would.
    const implausible = winner ? undefined : implausibleSize(takeoff, metresPerUnit(assumed));
    warnings.push(
      `The drawing does not declare its units ($INSUNITS is ${header.insUnits ?? 'missing'}, "unitless"). ` +
        `Lengths and areas were computed as if it were drawn in ${unitName(assumed)}, because ${why}. ` +
        (implausible ? `${implausible.warning} ` : '') +
        "If that is wrong, set the drawing units in this file's findings and the lengths and areas are recomputed.",
    );
    const suggested = implausible?.better && implausible.better !== assumed ? implausible.better : undefined;
    return {
      units: {
        source: 'unitless',
        usedAs: assumed,
        feetPerUnit: metresPerUnit(assumed) / 0.3048,
        assumed: true,
        ...(suggested ? { suggested } : {}),
      },
      warnings,
    };
  }

  const headerFeetPerUnit = feetPerInsUnit(header.insUnits!)!;
  if (winner && winner !== declared.unit && Math.abs(metresPerUnit(winner) / declared.metres - 1) > 0.01) {
    const factor = metresPerUnit(winner) / declared.metres;
    warnings.push(
      `The drawing's header says it is in ${declared.name} ($INSUNITS = ${header.insUnits}), but ${evidence}. ` +
        `Lengths and areas here use the header's ${declared.name}; if the drawing is really in ${unitName(winner)}, ` +
        `lengths are ${formatNumber(factor)} times and areas ${formatNumber(factor * factor)} times what is shown. ` +
        `Set the drawing units to ${unitName(winner)} in this file's findings to recompute them.`,
    );
    return {
      units: {
        source: declared.unit,
        usedAs: declared.unit,
        feetPerUnit: headerFeetPerUnit,
        suggested: winner as OverridableUnit,
      },
      warnings,
    };
  }
  const implausible = winner ? undefined : implausibleSize(takeoff, declared.metres);
  if (implausible) warnings.push(implausible.warning);
  const suggested = implausible?.better && implausible.better !== declared.unit ? implausible.better : undefined;
  return {
    units: {
      source: declared.unit,
      usedAs: declared.unit,
      feetPerUnit: headerFeetPerUnit,
      ...(suggested ? { suggested } : {}),
    },
    warnings,
  };
}

/** "November 25, 2026": when a person set something, as they would write it. */
function writtenDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/**
 * The user set the units: every length and area is in them, and the warning
 * says who chose them, what the header says, and what the dimensions say when
 * they still disagree.
 */
function overriddenUnits(
  takeoff: DrawingTakeoff,
  override: NonNullable<AnalysisOverrides['units']>,
  declared: ReturnType<typeof unitFromInsUnits>,
  winner: DrawingUnit | undefined,
  evidence: string | undefined,
): UnitsDecision {
  const header = declared
    ? declared.unit === override.unit
      ? `, as the file's header says`
      : `; the file's header says ${declared.name}`
    : `; the file's header declares no units`;
  let warning = `Drawing units set to ${unitName(override.unit)} by ${override.setBy} on ${writtenDate(override.setAt)}${header}.`;
  let suggested: OverridableUnit | undefined;
  if (winner && winner !== override.unit && evidence) {
    warning += ` Yet ${evidence}.`;
    suggested = winner as OverridableUnit;
  } else if (!winner) {
    const implausible = implausibleSize(takeoff, metresPerUnit(override.unit));
    if (implausible) warning += ` ${implausible.warning}`;
    if (implausible?.better && implausible.better !== override.unit) suggested = implausible.better;
  }
  return {
    units: {
      source: declared?.unit ?? 'unitless',
      usedAs: override.unit,
      feetPerUnit: feetPerUnit(override.unit),
      override,
      ...(suggested ? { suggested } : {}),
    },
    warnings: [warning],
  };
}

function sumOf(map: Map<DrawingUnit, number>): number {
  let sum = 0;
  for (const v of map.values()) sum += v;
  return sum;
}

/** The unit with more than half of the votes, if any. */
function majority(votes: Map<DrawingUnit, number>, total: number): DrawingUnit | undefined {
  for (const [unit, count] of votes) if (count * 2 > total) return unit;
  return undefined;
}

function describeEvidence(
  unit: DrawingUnit,
  readings: DimensionReading[],
  formatVotes: Map<DrawingUnit, number>,
): string {
  const agreeing = readings.filter((r) => r.unit === unit);
  if (agreeing.length > 0) {
    const example = agreeing[0];
    return (
      `${agreeing.length} of its ${readings.length} readable dimensions only make sense in ${unitName(unit)} ` +
      `(a dimension measuring ${formatNumber(example.measurement)} drawing units is labelled ${example.shown.split('\n')[0]})`
    );
  }
  return `${formatVotes.get(unit)} of its dimensions are formatted in feet and inches, which CAD programs do for drawings in inches`;
}

function effectiveStyle(takeoff: DrawingTakeoff, dimension: DimensionEntity): DimensionStyleValues {
  const style = takeoff.dimensionStyles.get(dimension.style.toUpperCase());
  const defaults = takeoff.drawingHeader.dimensionDefaults;
  return {
    linearUnitFormat: dimension.overrides.linearUnitFormat ?? style?.linearUnitFormat ?? defaults.linearUnitFormat,
    linearScale: dimension.overrides.linearScale ?? style?.linearScale ?? defaults.linearScale ?? 1,
    textSuffix: dimension.overrides.textSuffix ?? style?.textSuffix ?? defaults.textSuffix,
  };
}

/** The text a dimension shows: its override, or what its anonymous block draws. */
function shownText(takeoff: DrawingTakeoff, dimension: DimensionEntity): string | undefined {
  const override = dimension.textOverride.trim();
  if (override && !override.includes('<>') && override !== ' ') return override;
  const blockText = dimension.block ? takeoff.blockDefinitions.get(dimension.block)?.texts[0] : undefined;
  return blockText;
}

/** Without readable dimension text: a plan whose dimensions are all under 1 cm or over 10 km is in another unit. */
function implausibleSize(
  takeoff: DrawingTakeoff,
  metresPerDrawingUnit: number,
): { warning: string; better?: OverridableUnit } | undefined {
  const measured = takeoff.dimensions
    .map(measureDimension)
    .filter((m): m is number => m !== undefined && m > 1e-9)
    .sort((a, b) => a - b);
  if (measured.length < 3) return undefined;
  const median = measured[Math.floor(measured.length / 2)];
  const metres = median * metresPerDrawingUnit;
  if (metres >= 0.01 && metres <= 10_000) return undefined;
  const better = PLAUSIBLE_DRAWING_UNITS.find((u) => {
    const m = median * metresPerUnit(u);
    return m >= 0.3 && m <= 100;
  }) as OverridableUnit | undefined;
  return {
    warning:
      `The drawing's dimensions have a typical length of ${formatNumber(median)} drawing units, ` +
      `${formatNumber(metres)} m in the units used here, which is unlikely for a building` +
      (better ? `; they would read naturally in ${unitName(better)}` : '') +
      '. Check the drawing units before relying on the lengths and areas.',
    better,
  };
}
