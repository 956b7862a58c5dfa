import { FAILURE_TITLE } from '@skillroute/shared/errors';
import {
  Background,
  Controls,
  MiniMap,
  Panel,
  ReactFlow,
  addEdge,
  useReactFlow,
  type Connection,
  type NodeMouseHandler,
} from '@xyflow/react';
import type { Roadmap } from '@skillroute/shared/roadmap-api';
import { DEFAULT_NODE_WIDTH, roadmapMessages, type NodeType } from '@skillroute/shared/roadmap-rules';
import { type NodeContent } from '@skillroute/shared/roadmap-fields';
import { ArrowLeft, Redo2, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/ui/submit-button';
import { errorMessage } from '@/lib/api-error';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useAppDispatch } from '@/lib/store-hooks';
import { useCreateNodeMutation, usePublishRoadmapMutation } from '../../api';
import { minimapColours } from '../../graph/flow-chrome';
import { flowAriaLabels, FlowCredit } from '../../graph/flow-words';
import {
  defaultColour,
  edgeId,
  fromFlowEdges,
  fromFlowNodes,
  UNMEASURED_NODE_HEIGHT,
  type RoadmapFlowNode,
} from '../../graph/flow-graph';
import { freeSpot } from '../../graph/free-spot';
import { readableZoom } from '../../graph/reading-view';
import { openNodeOnKey } from '../../graph/node-keys';
import { roadmapNodeTypes } from '../../graph/roadmap-node';
import { ZOOM_LIMITS } from '../../graph/zoom';
import { replaceRoadmapContent, resetRoadmapContent } from '../../roadmap-content-slice';
import { LeaveGuard } from './leave-guard';
import { NodeSheet } from './node-sheet';
import { useEditorGraph, type EditorSnapshot } from './use-editor-graph';
import { useUndoKeys } from './use-undo-keys';

const DRAG_TYPE = 'application/x-skillroute-node';
/** An empty roadmap opens where a new node's label reads at 12 px (at 1x the spec's 7 px font is too small). */
const READABLE_START = { x: 0, y: 0, zoom: readableZoom() };
/** The palette, in the reader's language (called while rendering); a new node's own label stays the spec's. */
const paletteItems = (): Array<{ type: NodeType; label: string; hint: string }> => [
  {
    type: 'topic',
    label: t('Topic'),
    hint: t('Topic: drag onto the canvas, or tap or press Enter to add one in the middle'),
  },
  {
    type: 'subtopic',
    label: t('SubTopic'),
    hint: t('SubTopic: drag onto the canvas, or tap or press Enter to add one in the middle'),
  },
];

/** The drawing editor (spec §2): sidebar, canvas, node sheet, undo and redo, save. */
export function RoadmapEditor({ roadmap, initial }: { roadmap: Roadmap; initial: EditorSnapshot }) {
  const graph = useEditorGraph(initial);
  const { present } = graph;
  const { screenToFlowPosition } = useReactFlow();
  const [createNode] = useCreateNodeMutation();
  const [publish, { isLoading: saving }] = usePublishRoadmapMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const canvas = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const [openId, setOpenId] = useState<string | undefined>();
  // Fitted once, to what the roadmap had when it opened: a `fitView` that turns true with the first node
  // makes React Flow fit again, zooming onto that node (2×) so the next one lands on top of it.
  const [fitOnOpen] = useState(initial.nodes.length > 0);
  // One object while the page lives: a new one each render would update React Flow's store each time.
  const [ariaLabels] = useState(flowAriaLabels);

  // The roadMap slice mirrors the content of the step shown (spec §3), and is emptied on the way out.
  useEffect(() => {
    dispatch(replaceRoadmapContent(present.content));
  }, [dispatch, present.content]);
  useEffect(() => () => void dispatch(resetRoadmapContent()), [dispatch]);
  useUndoKeys(graph.undo, graph.redo);

  const openNode = present.nodes.find((node) => node.id === openId);

  async function addNode(type: NodeType, position: { x: number; y: number }) {
    const label = type === 'topic' ? 'Topic' : 'SubTopic';
    const background = defaultColour(type);
    const rounded = { x: Math.round(position.x), y: Math.round(position.y) };
    const result = await createNode({
      roadmapId: roadmap.id,
      type,
      position: rounded,
      data: { label },
      background,
    });
    // Spec §8: a node the server did not create is quietly not added.
    if ('error' in result) return;
    const node: RoadmapFlowNode = {
      id: result.data.id,
      type,
      position: rounded,
      initialWidth: DEFAULT_NODE_WIDTH,
      initialHeight: UNMEASURED_NODE_HEIGHT,
      data: { label, background },
    };
    graph.change((snapshot) => ({ ...snapshot, nodes: [...snapshot.nodes, node] }));
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    const type = event.dataTransfer.getData(DRAG_TYPE);
    if (type !== 'topic' && type !== 'subtopic') return;
    void addNode(type, screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  }

  /** The keyboard and touch way to add a node: in the middle of what the canvas shows. */
  function addAtCentre(type: NodeType) {
    const box = canvas.current?.getBoundingClientRect();
    const centre = box ? { x: box.left + box.width / 2, y: box.top + box.height / 2 } : { x: 0, y: 0 };
    // A position is a node's top left corner: half a node up and left puts its middle in the middle.
    const at = screenToFlowPosition(centre);
    void addNode(
      type,
      freeSpot({ x: at.x - DEFAULT_NODE_WIDTH / 2, y: at.y - UNMEASURED_NODE_HEIGHT / 2 }, present.nodes),
    );
  }

  const onConnect = useCallback(
    (connection: Connection) => {
      if (connection.source === connection.target) return;
      graph.change((snapshot) => {
        const id = edgeId({ source: connection.source, target: connection.target });
        if (snapshot.edges.some((edge) => edge.id === id)) return snapshot;
        return { ...snapshot, edges: addEdge({ ...connection, id }, snapshot.edges) };
      });
    },
    [graph],
  );

  const onNodeClick: NodeMouseHandler<RoadmapFlowNode> = (_event, node) => setOpenId(node.id);
  const updateOpenNode = (data: Partial<RoadmapFlowNode['data']>) =>
    graph.change((snapshot) => ({
      ...snapshot,
      nodes: snapshot.nodes.map((node) =>
        node.id === openId ? { ...node, data: { ...node.data, ...data } } : node,
      ),
    }));
  const saveContent = (content: NodeContent) => {
    if (!openId) return;
    graph.change((snapshot) => ({ ...snapshot, content: { ...snapshot.content, [openId]: content } }));
    toast({ title: translate(roadmapMessages.contentSaved) });
  };

  async function save() {
    const nodeDetails = present.nodes.flatMap((node) => {
      const content = present.content[node.id];
      return content ? [{ nodeId: node.id, ...content }] : [];
    });
    const result = await publish({
      roadmapId: roadmap.id,
      nodes: fromFlowNodes(present.nodes),
      edges: fromFlowEdges(present.edges),
      nodeDetails,
    });
    if ('error' in result) {
      // Spec §8 swallows this; an author who loses a drawing silently would not forgive us, so we say why.
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: errorMessage(result.error, t('The roadmap could not be saved. Please try again.')),
      });
      return;
    }
    graph.markSaved();
    leaving.current = true;
    toast({ title: translate(roadmapMessages.saved) });
    navigate('/');
  }

  return (
    <div className="flex h-dvh flex-col md:flex-row">
      <aside className="flex shrink-0 flex-col gap-4 border-b bg-background p-4 md:w-64 md:border-r md:border-b-0">
        <Link
          to="/profile/roadmaps"
          className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('My roadmaps')}
        </Link>
        <div>
          <h1 className="text-lg font-bold [overflow-wrap:anywhere]">{roadmap.title}</h1>
          {roadmap.status === 'rejected' && roadmap.adminFeedback && (
            <p className="mt-2 rounded-md border border-destructive/40 bg-destructive/10 p-2 text-sm">
              {t('Feedback: {feedback}', { feedback: roadmap.adminFeedback })}
            </p>
          )}
        </div>
        <p id="palette-hint" className="text-sm text-muted-foreground">
          {t('You can drag these nodes to the pane on the right.')}
        </p>
        <ul className="flex gap-2 md:flex-col">
          {paletteItems().map((item) => (
            <li key={item.type}>
              <div
                role="button"
                tabIndex={0}
                draggable
                aria-label={item.hint}
                onDragStart={(event) => {
                  event.dataTransfer.setData(DRAG_TYPE, item.type);
                  event.dataTransfer.effectAllowed = 'move';
                }}
                // A tap (or a click without a drag) adds one: touch screens never start an HTML drag.
                onClick={() => addAtCentre(item.type)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    addAtCentre(item.type);
                  }
                }}
                className="cursor-grab rounded-md border-2 border-dashed px-4 py-2 text-center text-sm font-medium outline-none select-none hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/60"
                style={{ background: defaultColour(item.type), color: '#111827' }}
              >
                {item.label}
              </div>
            </li>
          ))}
        </ul>
        <p className="text-xs text-muted-foreground">
          {t(
            'Tap Topic or SubTopic to add one in the middle. Click a node (or Tab to it and press Enter) to edit it. Select a node or a line and press Delete to remove it.',
          )}
        </p>
        <SubmitButton
          type="button"
          pending={saving}
          onClick={() => void save()}
          className="mt-auto w-full"
          size="default"
          variant="default"
        >
          {t('Save Roadmap')}
        </SubmitButton>
      </aside>
      <div
        ref={canvas}
        className="relative min-h-96 flex-1"
        onDragOver={(event) => event.preventDefault()}
        onDrop={onDrop}
        onKeyDown={openNodeOnKey(setOpenId)}
      >
        <ReactFlow
          nodes={present.nodes}
          edges={present.edges}
          nodeTypes={roadmapNodeTypes}
          onNodesChange={graph.onNodesChange}
          onEdgesChange={graph.onEdgesChange}
          onConnect={onConnect}
          onNodeClick={onNodeClick}
          onNodeDragStart={() => graph.beginDrag(present)}
          onNodeDragStop={graph.endDrag}
          onNodesDelete={(deleted) => deleted.some((node) => node.id === openId) && setOpenId(undefined)}
          deleteKeyCode={['Delete', 'Backspace']}
          minZoom={ZOOM_LIMITS.min}
          maxZoom={ZOOM_LIMITS.max}
          fitView={fitOnOpen}
          defaultViewport={READABLE_START}
          ariaLabelConfig={ariaLabels}
          proOptions={{ hideAttribution: true }}
          aria-label={t('Roadmap canvas')}
        >
          <FlowCredit />
          <Background gap={16} />
          <Controls />
          <MiniMap pannable zoomable ariaLabel={t('Overview of the roadmap')} {...minimapColours} />
          <Panel position="top-right" className="flex gap-1">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={graph.undo}
              disabled={!graph.canUndo}
              aria-keyshortcuts="Control+Z"
            >
              <Undo2 aria-hidden="true" />
              {t('Undo')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={graph.redo}
              disabled={!graph.canRedo}
              aria-keyshortcuts="Control+Shift+Z Control+Y"
            >
              <Redo2 aria-hidden="true" />
              {t('Redo')}
            </Button>
          </Panel>
        </ReactFlow>
      </div>
      <NodeSheet
        node={openNode}
        content={openId ? present.content[openId] : undefined}
        onRelabel={(label) => updateOpenNode({ label })}
        onRecolour={(background) => updateOpenNode({ background })}
        onSaveContent={saveContent}
        onClose={() => setOpenId(undefined)}
      />
      <LeaveGuard when={graph.dirty} leaving={leaving} />
    </div>
  );
}
