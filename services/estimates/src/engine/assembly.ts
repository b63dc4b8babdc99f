/**
 * Assemblies: a takeoff quantity of one kind (a wall's length, a slab's area, a
 * count of doors) expanded into the materials and labour it stands for. Each
 * component says how much of it one unit of the takeoff needs, its waste factor
 * and its unit costs.
 */

export interface AssemblyComponent {
  name: string;
  /** The component's own unit (display only: "each", "sq ft", "cu yd", "h"). */
  unit: string;
  /** How much of the component one unit of the takeoff quantity needs (decimal string). */
  perUnit: string;
  /** Waste in percent (decimal string, 0–100). */
  wastePercent: string;
  /** USD per component unit. */
  materialCost: string;
  /** Labour hours per component unit. */
  laborHours: string;
  /** USD per component unit. */
  equipmentCost: string;
}

export interface Assembly {
  code: string;
  name: string;
  /** The assembly in plain language, with its parameters. */
  description: string;
  division: string;
  /** The takeoff unit it expands: ft, sq ft, each, cu yd... */
  unit: string;
  /** Extra words a material's name or layer may use for it. */
  keywords?: string;
  /** What it is (concept ids, engine/concepts.ts); derived from the name when absent. */
  kinds?: string[];
  /** The words that tell it apart from another assembly of the same kind ("interior", "exterior"). */
  qualifiers?: string;
  components: AssemblyComponent[];
  /** Set for a user's own assembly. */
  id?: string;
}

type C = [name: string, unit: string, perUnit: string, waste: string, material: string, hours: string, equip?: string];
/** Components from rows: name, unit, per unit, waste %, material cost, labour hours, equipment cost (0 when absent). */
export const parts = (rows: C[]): AssemblyComponent[] =>
  rows.map(([name, unit, perUnit, wastePercent, materialCost, laborHours, equipmentCost = '0']) => ({
    name,
    unit,
    perUnit,
    wastePercent,
    materialCost,
    laborHours,
    equipmentCost,
  }));
