import { describe, expect, it } from 'vitest';
import { READABLE_LABEL_PX, readingViewport } from './reading-view';
import { ZOOM_LIMITS } from './zoom';

/** The demo roadmaps' shape: topics down a spine at x = 0, subtopics 180 px to each side, far down the page. */
const spine = [
  { position: { x: 0, y: 0 } },
  { position: { x: -180, y: 40 } },
  { position: { x: 180, y: 40 } },
  ...Array.from({ length: 12 }, (_, i) => ({ position: { x: 0, y: 200 * (i + 1) } })),
];
const graphWidth = 180 + 180 + 100;

describe('readingViewport', () => {
  it('fits the width, not the height, and puts the top row at the top of the view', () => {
    const view = { width: 900, height: 600 };
    const { x, y, zoom } = readingViewport(spine, view, 7);
    expect(zoom).toBeCloseTo((900 - 32) / graphWidth);
    expect(y).toBe(16);
    // The graph is centred: as much room left of its left edge as right of its right edge.
    const leftEdge = x + -180 * zoom;
    const rightEdge = x + 280 * zoom;
    expect(leftEdge).toBeCloseTo(900 - rightEdge);
  });

  it('never zooms out below readable labels: a narrow view centres on the top node instead', () => {
    const view = { width: 360, height: 640 };
    const { x, y, zoom } = readingViewport(spine, view, 7);
    expect(zoom * 7).toBeCloseTo(READABLE_LABEL_PX);
    expect(y).toBe(16);
    // The top node (x 0 to 100) is in the middle of the view.
    expect(x + 50 * zoom).toBeCloseTo(180);
  });

  it('never zooms past the canvas limit, however narrow the graph', () => {
    const { zoom, x } = readingViewport([{ position: { x: 0, y: 0 } }], { width: 1200, height: 600 }, 7);
    expect(zoom).toBe(ZOOM_LIMITS.max);
    expect(x + 50 * zoom).toBeCloseTo(600);
  });

  it('counts measured widths and a graph that does not start at the origin', () => {
    const nodes = [
      { position: { x: 500, y: 300 }, width: 200 },
      { position: { x: 900, y: 420 }, width: 200 },
    ];
    const { x, y, zoom } = readingViewport(nodes, { width: 1000, height: 600 }, 12);
    expect(zoom).toBeCloseTo((1000 - 32) / 600);
    expect(y).toBeCloseTo(16 - 300 * zoom);
    expect(x + 500 * zoom).toBeCloseTo(16);
  });

  it('leaves an empty graph or an unmeasured view alone', () => {
    expect(readingViewport([], { width: 800, height: 600 })).toEqual({ x: 0, y: 0, zoom: 1 });
    expect(readingViewport(spine, { width: 0, height: 0 })).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});
