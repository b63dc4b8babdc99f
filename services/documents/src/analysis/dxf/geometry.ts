/** Plane geometry for CAD linework: bulged polylines, arcs, the arbitrary axis algorithm. */

export interface Point2 {
  x: number;
  y: number;
}

export interface Point3 extends Point2 {
  z: number;
}

/** A polyline vertex; `bulge` = tan(θ/4) of the arc to the next vertex (0 = straight). */
export interface BulgeVertex extends Point2 {
  bulge: number;
}

/** Length of the segment from `a` to `b` drawn with `a`'s bulge: a chord or an exact circular arc. */
export function bulgeSegmentLength(a: BulgeVertex, b: Point2): number {
  const chord = Math.hypot(b.x - a.x, b.y - a.y);
  if (a.bulge === 0 || chord === 0) return chord;
  // Included angle θ = 4·atan(bulge); radius r = chord / (2·sin(θ/2)); arc = r·θ.
  const theta = 4 * Math.atan(Math.abs(a.bulge));
  return (chord * theta) / (2 * Math.sin(theta / 2));
}

/** Signed area between the chord a→b and its bulge arc: positive for a counter-clockwise arc. */
function bulgeSegmentArea(a: BulgeVertex, b: Point2): number {
  if (a.bulge === 0) return 0;
  const chord = Math.hypot(b.x - a.x, b.y - a.y);
  if (chord === 0) return 0;
  const theta = 4 * Math.atan(Math.abs(a.bulge));
  const radius = chord / (2 * Math.sin(theta / 2));
  const segment = ((radius * radius) / 2) * (theta - Math.sin(theta));
  return a.bulge > 0 ? segment : -segment;
}

/** Length of a polyline with bulges; a closed one includes the closing segment (with the last vertex's bulge). */
export function polylineLength(vertices: readonly BulgeVertex[], closed: boolean): number {
  let total = 0;
  for (let i = 0; i + 1 < vertices.length; i++) total += bulgeSegmentLength(vertices[i], vertices[i + 1]);
  if (closed && vertices.length > 1) total += bulgeSegmentLength(vertices[vertices.length - 1], vertices[0]);
  return total;
}

/**
 * Area enclosed by a closed polyline with bulges: the shoelace area of the
 * vertices plus, for each arc, the circular segment between chord and arc
 * (added for arcs turning the same way as the outline, removed otherwise).
 */
export function polylineArea(vertices: readonly BulgeVertex[]): number {
  const n = vertices.length;
  if (n < 2) return 0;
  let twiceArea = 0;
  let segments = 0;
  for (let i = 0; i < n; i++) {
    const a = vertices[i];
    const b = vertices[(i + 1) % n];
    twiceArea += a.x * b.y - b.x * a.y;
    segments += bulgeSegmentArea(a, b);
  }
  return Math.abs(twiceArea / 2 + segments);
}

/** Arc length from start to end angle (degrees, counter-clockwise); equal angles give 0, as ezdxf does. */
export function arcLength(radius: number, startAngleDeg: number, endAngleDeg: number): number {
  let span = (endAngleDeg - startAngleDeg) % 360;
  if (span < 0) span += 360;
  return (Math.abs(radius) * span * Math.PI) / 180;
}

export function distance3(a: Point3, b: Point3): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
}

/**
 * Maps an OCS point to world coordinates with AutoCAD's arbitrary axis
 * algorithm. Only positions need this (lengths and areas are the same in any
 * orthonormal frame); the common case, extrusion (0,0,1), is the identity.
 */
export function ocsToWcs(point: Point3, extrusion: Point3 | undefined): Point3 {
  if (!extrusion || (extrusion.x === 0 && extrusion.y === 0 && extrusion.z >= 0)) return point;
  const n = normalize(extrusion);
  const ax =
    Math.abs(n.x) < 1 / 64 && Math.abs(n.y) < 1 / 64 ? normalize(cross(Y_AXIS, n)) : normalize(cross(Z_AXIS, n));
  const ay = normalize(cross(n, ax));
  return {
    x: point.x * ax.x + point.y * ay.x + point.z * n.x,
    y: point.x * ax.y + point.y * ay.y + point.z * n.y,
    z: point.x * ax.z + point.y * ay.z + point.z * n.z,
  };
}

const Y_AXIS: Point3 = { x: 0, y: 1, z: 0 };
const Z_AXIS: Point3 = { x: 0, y: 0, z: 1 };

function cross(a: Point3, b: Point3): Point3 {
  return { x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x };
}

function normalize(v: Point3): Point3 {
  const length = Math.hypot(v.x, v.y, v.z) || 1;
  return { x: v.x / length, y: v.y / length, z: v.z / length };
}

/** Even-odd point-in-polygon test on the vertices (bulges ignored: good enough to place a label). */
export function polygonContains(polygon: readonly Point2[], point: Point2): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}
