/** How far apart two nodes' corners must be not to count as the same spot. */
const SAME_SPOT_PX = 12;
/** How far a node added onto a taken spot moves down: one row of the demo layout. */
export const NEXT_SPOT_STEP_PX = 48;

/**
 * The first free spot at or below `wanted`: a node tapped in twice without moving the view would otherwise
 * land exactly on the one before it and hide it.
 */
export function freeSpot(
  wanted: { x: number; y: number },
  taken: ReadonlyArray<{ position: { x: number; y: number } }>,
): { x: number; y: number } {
  let spot = wanted;
  const isTaken = (at: { x: number; y: number }) =>
    taken.some(
      ({ position }) =>
        Math.abs(position.x - at.x) < SAME_SPOT_PX && Math.abs(position.y - at.y) < SAME_SPOT_PX,
    );
  while (isTaken(spot)) spot = { x: spot.x, y: spot.y + NEXT_SPOT_STEP_PX };
  return spot;
}
