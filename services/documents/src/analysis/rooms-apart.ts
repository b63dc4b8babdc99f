import type { Room } from './analysis.types';

/**
 * Rooms of one name (a plan's two W.I.C.s, a house's three BEDROOMs) told apart as "W.I.C." and "W.I.C. (2)",
 * in the order given: each is a figure of its own, which the assistant and the materials know a room by.
 */
export function roomsApart(rooms: readonly Room[]): Room[] {
  const seen = new Map<string, number>();
  return rooms.map((room) => {
    const count = (seen.get(room.name) ?? 0) + 1;
    seen.set(room.name, count);
    return count === 1 ? room : { ...room, name: `${room.name} (${count})` };
  });
}
