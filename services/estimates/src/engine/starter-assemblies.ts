/**
 * The starter library of assemblies every user has (engine/assembly.ts says what an assembly is).
 *
 * STARTER LIBRARY BASIS: US residential and light-commercial work, national
 * average, mid-2020s; material costs are typical builder-supply prices, labour is
 * in hours (priced at the estimate's labour rate, $65/h by default), equipment is
 * rental and fuel. Round figures of the right order of magnitude, in the spirit of
 * published unit-cost books, not quotes: replace them with your own assemblies.
 */
import type { Assembly } from './assembly';
import { CONCRETE_ASSEMBLIES } from './starter-assemblies/concrete';
import { HOUSE_FLOOR_AREA_ASSEMBLIES } from './starter-assemblies/house-floor-area';
import { OPENING_ASSEMBLIES } from './starter-assemblies/openings';
import { ROOF_AND_FINISH_ASSEMBLIES } from './starter-assemblies/roofs-and-finishes';
import { SITE_FITOUT_AND_SERVICE_ASSEMBLIES } from './starter-assemblies/site-fitout-and-services';
import { WALL_ASSEMBLIES } from './starter-assemblies/walls';

// In the library's order: candidates that score alike are offered in it.
export const STARTER_ASSEMBLIES: readonly Assembly[] = [
  ...WALL_ASSEMBLIES,
  ...CONCRETE_ASSEMBLIES,
  ...OPENING_ASSEMBLIES,
  ...ROOF_AND_FINISH_ASSEMBLIES,
  ...HOUSE_FLOOR_AREA_ASSEMBLIES,
  ...SITE_FITOUT_AND_SERVICE_ASSEMBLIES,
];
