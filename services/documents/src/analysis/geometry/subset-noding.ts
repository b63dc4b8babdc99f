/**
 * Noding of a drawing's linework and then of parts of it: the room search
 * looks again, without the floor patterns, for the rooms of tags on tiles,
 * in most of the page's walls. Where two segments cut each other depends on
 * those two alone, so the second noding takes the cuts the first found
 * between the segments it keeps instead of testing their pairs again; the
 * graph is the one noding the part afresh gives.
 */
import { cutsBetween, graphOfCuts, intersect, keptSegments, nodeSegments, type CutAt, type CutLog } from './noding';
import type { PlanarGraph, Segment } from './planar-graph';

/** What the first noding found, by its kept segments' indices. */
interface FirstNoding {
  input: readonly Segment[];
  /** Each input segment's place: its index among the kept, -1 if too short, -2 - k if a copy of kept segment k. */
  place: Int32Array;
  kept: Segment[];
  cuts: Array<number[] | undefined>;
  log: CutLog;
}

export class SubsetNoding {
  private first?: FirstNoding;

  constructor(readonly tolerance: number) {}

  /**
   * The planar graph of `segments`, as `nodeSegments` gives it. The first call's cuts are kept; a later
   * call on some of the first call's segments, in the same order, reuses them.
   */
  node(segments: readonly Segment[]): PlanarGraph {
    if (!this.first) {
      this.first = this.record(segments);
      return graphOfCuts(this.first.kept, this.first.cuts, this.tolerance);
    }
    const subset = this.keptOfSubset(segments);
    if (!subset) return nodeSegments(segments, this.tolerance);
    const { log } = this.first;
    const { kept, recorded } = subset;
    // Each of the first noding's kept segments' index here, -1 where it is left out.
    const index = new Int32Array(this.first.kept.length).fill(-1);
    recorded.forEach((k, i) => {
      if (k >= 0) index[k] = i;
    });
    // The cuts between two segments both kept here (in another order along a segment: noding sorts them).
    const subsetCuts = new Array<number[] | undefined>(kept.length);
    for (let c = 0; c < log.count; c++) {
      const i = index[log.index[c]];
      if (i >= 0 && index[log.by[c]] >= 0) (subsetCuts[i] ??= []).push(log.t[c]);
    }
    this.cutFresh(kept, recorded, subsetCuts);
    return graphOfCuts(kept, subsetCuts, this.tolerance);
  }

  private record(segments: readonly Segment[]): FirstNoding {
    const place = new Int32Array(segments.length);
    const kept = keptSegments(segments, this.tolerance, place);
    return { input: segments, place, kept, ...cutsBetween(kept, this.tolerance, true) };
  }

  /**
   * The segments noding `segments` keeps, each with its index in the first noding (-1 for a copy kept
   * here whose first copy is left out: its cuts were never looked for); undefined when they are not some
   * of the first call's in its order, or too many such copies are kept to test them one by one.
   */
  private keptOfSubset(segments: readonly Segment[]): { kept: Segment[]; recorded: number[] } | undefined {
    const { place, input } = this.first!;
    const kept: Segment[] = [];
    const recorded: number[] = [];
    // Of each kept segment of the first noding: whether it or a copy of it is kept here.
    const present = new Uint8Array(this.first!.kept.length);
    let fresh = 0;
    // The first call's segments are walked along with these: each is found after the one before.
    let at = -1;
    for (const s of segments) {
      do at++;
      while (at < input.length && input[at] !== s);
      if (at === input.length) return undefined;
      const k = place[at];
      if (k === -1) continue;
      if (k >= 0) {
        if (present[k]) return undefined;
        present[k] = 1;
        kept.push(s);
        recorded.push(k);
      } else if (!present[-2 - k]) {
        if (++fresh > MAX_FRESH_COPIES) return undefined;
        present[-2 - k] = 1;
        kept.push(s);
        recorded.push(-1);
      }
    }
    return { kept, recorded };
  }

  /** Adds the cuts between each fresh copy (recorded -1) and the others, testing the pairs noding would. */
  private cutFresh(kept: Segment[], recorded: number[], cuts: Array<number[] | undefined>): void {
    if (!recorded.includes(-1)) return;
    const { tolerance } = this;
    // Each segment's box grown by the tolerance, as noding tells the pairs it tests.
    const minX = Float64Array.from(kept, (s) => Math.min(s.x1, s.x2) - tolerance);
    const minY = Float64Array.from(kept, (s) => Math.min(s.y1, s.y2) - tolerance);
    const maxX = Float64Array.from(kept, (s) => Math.max(s.x1, s.x2) + tolerance);
    const maxY = Float64Array.from(kept, (s) => Math.max(s.y1, s.y2) + tolerance);
    const cut: CutAt = (index, t) => {
      (cuts[index] ??= []).push(t);
    };
    recorded.forEach((k, f) => {
      if (k >= 0) return;
      for (let j = 0; j < kept.length; j++) {
        // A pair of fresh copies is tested once, from the later.
        if (j === f || (recorded[j] < 0 && j > f)) continue;
        if (minX[f] > maxX[j] || minX[j] > maxX[f] || minY[f] > maxY[j] || minY[j] > maxY[f]) continue;
        if (j < f) intersect(kept[j], kept[f], tolerance, j, f, cut);
        else intersect(kept[f], kept[j], tolerance, f, j, cut);
      }
    });
  }
}

/** Copies kept without their first copy, tested against every other segment: beyond this many, noding afresh. */
const MAX_FRESH_COPIES = 64;
