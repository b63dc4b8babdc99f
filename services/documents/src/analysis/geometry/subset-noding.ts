/**
 * Noding of a drawing's linework and then of parts of it: the room search
 * looks again, without the floor patterns, for the rooms of tags on tiles,
 * in most of the page's walls. Where two segments cut each other depends on
 * those two alone, so the second noding takes the cuts the first found
 * between the segments it keeps instead of testing their pairs again; the
 * graph is the one noding the part afresh gives.
 */
import { cutsBetween, graphOfCuts, intersect, keptSegments, nodeSegments, type CutAt } from './noding';
import type { PlanarGraph, Segment } from './planar-graph';

/** What the first noding found, by its kept segments' indices. */
interface FirstNoding {
  /** Each input segment's place: its index among the kept, -1 if too short, -2 - k if a copy of kept segment k. */
  place: Map<Segment, number>;
  kept: Segment[];
  cuts: Array<number[] | undefined>;
  cutters: Array<number[] | undefined>;
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
    const { cuts, cutters } = this.first;
    const { kept, recorded } = subset;
    // Each of the first noding's kept segments' index here, -1 where it is left out.
    const index = new Int32Array(this.first.kept.length).fill(-1);
    recorded.forEach((k, i) => {
      if (k >= 0) index[k] = i;
    });
    const subsetCuts = recorded.map((k) => {
      const ts = k >= 0 ? cuts[k] : undefined;
      if (!ts) return undefined;
      const by = cutters[k]!;
      const left = ts.filter((_, c) => index[by[c]] >= 0);
      return left.length ? left : undefined;
    });
    this.cutFresh(kept, recorded, subsetCuts);
    return graphOfCuts(kept, subsetCuts, this.tolerance);
  }

  private record(segments: readonly Segment[]): FirstNoding {
    const place = new Map<Segment, number>();
    const kept = keptSegments(segments, this.tolerance, place);
    return { place, kept, ...cutsBetween(kept, this.tolerance, true) };
  }

  /**
   * The segments noding `segments` keeps, each with its index in the first noding (-1 for a copy kept
   * here whose first copy is left out: its cuts were never looked for); undefined when they are not some
   * of the first call's in its order, or too many such copies are kept to test them one by one.
   */
  private keptOfSubset(segments: readonly Segment[]): { kept: Segment[]; recorded: number[] } | undefined {
    const { place } = this.first!;
    const kept: Segment[] = [];
    const recorded: number[] = [];
    // Of each kept segment of the first noding: whether it or a copy of it is kept here.
    const present = new Uint8Array(this.first!.kept.length);
    let last = -1;
    let fresh = 0;
    for (const s of segments) {
      const k = place.get(s);
      if (k === undefined) return undefined;
      if (k === -1) continue;
      if (k >= 0) {
        if (k <= last || present[k]) return undefined;
        last = k;
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
    const { tolerance } = this;
    const box = (s: Segment) => ({
      minX: Math.min(s.x1, s.x2) - tolerance,
      minY: Math.min(s.y1, s.y2) - tolerance,
      maxX: Math.max(s.x1, s.x2) + tolerance,
      maxY: Math.max(s.y1, s.y2) + tolerance,
    });
    const cut: CutAt = (index, t) => {
      (cuts[index] ??= []).push(t);
    };
    recorded.forEach((k, f) => {
      if (k >= 0) return;
      const a = box(kept[f]);
      kept.forEach((other, j) => {
        // A pair of fresh copies is tested once, from the later.
        if (j === f || (recorded[j] < 0 && j > f)) return;
        const b = box(other);
        if (a.minX > b.maxX || b.minX > a.maxX || a.minY > b.maxY || b.minY > a.maxY) return;
        if (j < f) intersect(other, kept[f], tolerance, j, f, cut);
        else intersect(kept[f], other, tolerance, f, j, cut);
      });
    });
  }
}

/** Copies kept without their first copy, tested against every other segment: beyond this many, noding afresh. */
const MAX_FRESH_COPIES = 64;
