import { describe, expect, it } from 'vitest';
import { edgePaths, nodesInView } from './picture';

const at = (id: string, x: number, y: number) => ({ id, position: { x, y } });

describe('nodesInView', () => {
  const nodes = [at('top', 0, 0), at('below', 0, 2000), at('right', 3000, 0), at('edge', 0, 650)];

  it('keeps the nodes in the view, and those cut by its edge, at the viewport', () => {
    // A 400 × 600 view at zoom 1, not moved: x 0–400, y 0–600 (and the margin).
    expect(
      nodesInView(nodes, { x: 0, y: 0, zoom: 1 }, { width: 400, height: 600 }).map((node) => node.id),
    ).toEqual(['top', 'edge']);
  });

  it('follows the viewport: scrolled down and zoomed, another part is in view', () => {
    // Zoom 2 moved up by 3,800 px: the graph's y 1,900–2,200 is in view.
    expect(
      nodesInView(nodes, { x: 0, y: -3800, zoom: 2 }, { width: 400, height: 600 }).map((node) => node.id),
    ).toEqual(['below']);
  });
});

describe('edgePaths', () => {
  it('runs from the middle of the source’s bottom to the middle of the target’s top, bent as React Flow bends it', () => {
    const [edge] = edgePaths(
      [at('a', 0, 0), at('b', 200, 100)],
      [{ source: 'a', target: 'b' }],
      new Set(['a', 'b']),
      { a: 40 },
    );
    // Source (50, 40), target (250, 100): 60 px apart, so each control point is 30 px along its end's direction.
    expect(edge).toEqual({ id: 'a>b', path: 'M50,40 C50,70 250,70 250,100' });
  });

  it('bends back round when the target sits above the source, and takes the unmeasured height for a node not drawn', () => {
    const [edge] = edgePaths(
      [at('a', 0, 100), at('b', 0, 0)],
      [{ source: 'a', target: 'b' }],
      new Set(['b']),
      {},
    );
    // Source bottom at 100 + 32 (unmeasured); target top at 0: 132 px upwards, so the offset is 0.25 × 25 × √132.
    const offset = 0.25 * 25 * Math.sqrt(132);
    expect(edge?.path).toBe(`M50,132 C50,${132 + offset} 50,${-offset} 50,0`);
  });

  it('leaves out the edges with neither end drawn, and those naming a node the graph lacks', () => {
    const nodes = [at('a', 0, 0), at('b', 0, 100), at('c', 0, 200)];
    const edges = [
      { source: 'a', target: 'b' },
      { source: 'b', target: 'c' },
      { source: 'a', target: 'gone' },
    ];
    expect(edgePaths(nodes, edges, new Set(['a']), {}).map((edge) => edge.id)).toEqual(['a>b']);
  });
});
