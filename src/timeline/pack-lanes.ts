/**
 * Greedy interval packing: each interval goes to the lowest lane that is free at its start.
 * Intervals must be given sorted by start. An open interval (end null) blocks its lane for good.
 * Returns the lane of each interval and the number of lanes used.
 */
export function packLanes(intervals: readonly { start: number; end: number | null }[]): {
  lanes: number[];
  count: number;
} {
  const laneEnds: number[] = [];
  const lanes: number[] = [];
  for (const iv of intervals) {
    // A zero-length interval still occupies a sliver so two of them at the same instant do not hide each other.
    const end = iv.end === null ? Number.POSITIVE_INFINITY : Math.max(iv.end, iv.start + 0.001);
    let lane = laneEnds.findIndex((e) => e <= iv.start);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else {
      laneEnds[lane] = end;
    }
    lanes.push(lane);
  }
  return { lanes, count: laneEnds.length };
}
