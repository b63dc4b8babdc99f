import { parts, type Assembly } from '../assembly';

/** Openings, each: doors and windows. */
export const OPENING_ASSEMBLIES: readonly Assembly[] = [
  {
    code: 'A-0811-DHM',
    kinds: ['door'],
    name: 'Door, single, hollow metal',
    description:
      'Door, single, hollow metal: 3\'-0" × 7\'-0" 18 ga leaf, 16 ga welded frame, hardware set (hinges, lockset, closer, stop), field paint. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'hollow metal door hm door steel door commercial door',
    qualifiers: 'hollow metal steel hm commercial',
    components: parts([
      ['Hollow metal frame 16 ga', 'each', '1', '0', '280.00', '1.5'],
      ['Hollow metal door leaf 18 ga', 'each', '1', '0', '520.00', '1.0'],
      ['Hardware set (hinges, lockset, closer, stop)', 'each', '1', '0', '220.00', '1.5'],
      ['Field paint, frame and leaf', 'each', '1', '0', '25.00', '0.75'],
    ]),
  },
  {
    code: 'A-0814-DINT',
    kinds: ['door'],
    name: 'Door, interior, prehung wood',
    description:
      'Door, interior: prehung hollow-core wood door 2\'-8" × 6\'-8" with jamb, casing both sides (34 ft), passage set, paint. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'interior door prehung wood door',
    qualifiers: 'interior prehung',
    components: parts([
      ['Prehung interior door with jamb', 'each', '1', '0', '260.00', '2.0'],
      ['Casing both sides', 'ft', '34', '10', '1.40', '0.04'],
      ['Passage set', 'each', '1', '0', '35.00', '0.5'],
      ['Paint, door and trim', 'each', '1', '0', '20.00', '1.0'],
    ]),
  },
  {
    code: 'A-0814-DEXT',
    kinds: ['door'],
    name: 'Door, exterior entry, insulated',
    description:
      'Door, exterior entry: prehung insulated steel or fibreglass 3\'-0" × 6\'-8", weatherstripped, threshold, lockset and deadbolt, flashing, casing, paint. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'exterior door entry door front door',
    qualifiers: 'exterior entry front',
    components: parts([
      ['Prehung insulated entry door', 'each', '1', '0', '850.00', '3.0'],
      ['Lockset and deadbolt', 'each', '1', '0', '120.00', '0.75'],
      ['Flashing and sealant', 'each', '1', '0', '30.00', '0.5'],
      ['Casing, interior side', 'ft', '17', '10', '1.40', '0.04'],
      ['Paint', 'each', '1', '0', '20.00', '1.0'],
    ]),
  },
  {
    code: 'A-0836-GAR',
    kinds: ['door'],
    name: 'Garage door, overhead sectional 16×7, with opener',
    description:
      'Overhead sectional garage door 16\'-0" × 7\'-0", insulated steel, track and springs, electric opener, weatherseal. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'garage door overhead door sectional door',
    qualifiers: 'garage overhead sectional',
    components: parts([
      ['Sectional door, track and springs', 'each', '1', '0', '1800.00', '8.0', '50.00'],
      ['Electric opener', 'each', '1', '0', '450.00', '3.0'],
      ['Weatherseal and trim', 'each', '1', '0', '60.00', '1.0'],
    ]),
  },
  {
    code: 'A-0832-SGD',
    kinds: ['door'],
    name: 'Sliding glass door 6 ft',
    description: 'Sliding patio door 6\'-0" × 6\'-8", vinyl frame, insulated glass, flashing, interior trim. Per door.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'sliding glass door patio door slider',
    qualifiers: 'sliding slider patio glass',
    components: parts([
      ['Sliding glass door unit', 'each', '1', '0', '1400.00', '4.0'],
      ['Flashing and sealant', 'each', '1', '0', '40.00', '0.5'],
      ['Interior trim', 'ft', '20', '10', '1.40', '0.04'],
    ]),
  },
  {
    code: 'A-0853-WIN',
    kinds: ['window'],
    name: 'Window, vinyl double-hung 3×4',
    description:
      'Window: vinyl double-hung 3\'-0" × 4\'-0", insulated low-e glass, flashing tape and sealant, interior casing and stool. Per window.',
    division: '08 Openings',
    unit: 'each',
    keywords: 'window windows vinyl double hung',
    components: parts([
      ['Vinyl double-hung window', 'each', '1', '0', '420.00', '1.8'],
      ['Flashing tape and sealant', 'each', '1', '0', '25.00', '0.3'],
      ['Interior casing and stool', 'ft', '16', '10', '1.80', '0.05'],
    ]),
  },
];
