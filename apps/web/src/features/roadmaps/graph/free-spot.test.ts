import { describe, expect, it } from 'vitest';
import { freeSpot, NEXT_SPOT_STEP_PX } from './free-spot';

describe('freeSpot', () => {
  it('keeps the wanted spot when nothing is there', () => {
    expect(freeSpot({ x: 10, y: 20 }, [{ position: { x: 200, y: 20 } }])).toEqual({ x: 10, y: 20 });
  });

  it('moves down one row past each node already on the spot', () => {
    const taken = [{ position: { x: 10, y: 20 } }, { position: { x: 14, y: 20 + NEXT_SPOT_STEP_PX + 3 } }];
    expect(freeSpot({ x: 10, y: 20 }, taken)).toEqual({ x: 10, y: 20 + 2 * NEXT_SPOT_STEP_PX });
  });
});
