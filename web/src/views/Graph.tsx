import { useEffect, useRef, useState } from 'preact/hooks';
import Graph from 'graphology';
import Sigma from 'sigma';
import { EdgeRectangleProgram } from 'sigma/rendering';
import { enc, get, post } from '../api.ts';
import { go, href } from '../router.ts';
import { Empty, ErrorBox, Progress, toastError } from '../ui.tsx';
import { communityColor } from '../colors.ts';
import { counted } from '../plural.ts';
import type { GraphExpansion } from '../types.ts';

const dark = () => matchMedia('(prefers-color-scheme: dark)').matches;
const edgeColor = () => (dark() ? '#475569' : '#cbd5e1');
const dimColor = () => (dark() ? '#2a3038' : '#eceef1');

interface Community {
  id: number;
  name: string;
  entity_count: number;
}

/** Places each community on a sunflower spiral and its entities in a disc around its centre, most central first:
 * instant and stable at 5,000 nodes, and communities read as clusters without a force layout. */
function layout(graph: Graph, groups: Map<number, string[]>) {
  const golden = Math.PI * (3 - Math.sqrt(5));
  const ordered = [...groups.values()].filter(m => m.length > 0).sort((a, b) => b.length - a.length);
  const radii = ordered.map(m => Math.sqrt(m.length) * 6);
  const spacing = 2.4 * Math.max(12, radii.reduce((a, b) => a + b, 0) / Math.max(1, radii.length));
  ordered.forEach((members, index) => {
    const d = index === 0 ? 0 : Math.sqrt(index) * spacing + radii[0] * 0.6;
    const cx = Math.cos(index * golden) * d;
    const cy = Math.sin(index * golden) * d;
    members.forEach((node, i) => {
      const r = Math.sqrt(i + 0.5) * 6;
      graph.mergeNodeAttributes(node, { x: cx + Math.cos(i * golden) * r, y: cy + Math.sin(i * golden) * r });
    });
  });
}

interface OverviewNode {
  id: string;
  label: string;
  community_id: number | null;
  mention_count: number;
}
interface OverviewPage {
  nodes: OverviewNode[];
  edges: { source: string; target: string; edge_type: string }[];
  total_nodes: number;
  has_more: boolean;
}

/** Entities per overview page: the endpoint's maximum, so 5,000 entities take 3 requests. */
const PAGE = 2000;
/** Entities without a community are laid out together, under this key. */
const NO_COMMUNITY = -1;

/** The whole entity graph from `/graph/overview` (entities with or without relations), a page of 2,000 at a time:
 * the first page says how many there are, the rest are fetched together. */
async function loadGraph(onProgress: (done: number, total: number) => void, signal: AbortSignal) {
  const overview = (offset: number) => get<OverviewPage>(`/graph/overview?node_types=Entity&limit=${PAGE}&offset=${offset}`, signal);
  onProgress(0, 0);
  const [{ communities }, head] = await Promise.all([get<{ communities: Community[] }>('/communities?limit=50', signal), overview(0)]);
  const pageCount = Math.max(1, Math.ceil(head.total_nodes / PAGE));
  let done = 1;
  onProgress(done, pageCount);
  const rest = await Promise.all(
    Array.from({ length: pageCount - 1 }, (_, i) =>
      overview((i + 1) * PAGE).then(page => {
        onProgress(++done, pageCount);
        return page;
      }),
    ),
  );
  const graph = new Graph({ multi: false, type: 'undirected' });
  const groups = new Map<number, string[]>();
  const pages = [head, ...rest];
  for (const page of pages) {
    for (const n of page.nodes) {
      if (graph.hasNode(n.id)) continue;
      const community = n.community_id ?? NO_COMMUNITY;
      graph.addNode(n.id, { label: n.label, community: n.community_id, color: communityColor(n.community_id), size: 3 + Math.min(12, Math.log2(1 + n.mention_count) * 2.2), x: 0, y: 0 });
      if (!groups.has(community)) groups.set(community, []);
      groups.get(community)!.push(n.id);
    }
  }
  // Edges after every node: a page's edges reach the nodes of the pages before it too.
  for (const page of pages) {
    for (const e of page.edges) {
      if (e.edge_type === 'RELATES_TO' && e.source !== e.target && graph.hasNode(e.source) && graph.hasNode(e.target) && !graph.hasEdge(e.source, e.target)) {
        graph.addEdge(e.source, e.target, { size: 1.5, color: edgeColor() });
      }
    }
  }
  layout(graph, groups);
  return { graph, communities };
}

declare global {
  interface Window {
    cairnGraph?: { sigma: Sigma; graph: Graph };
  }
}

/** The knowledge graph: entities coloured by community (sigma.js, WebGL); a click opens the entity's wiki page. */
export function GraphView({ params }: { params: URLSearchParams }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ graph?: Graph; communities?: Community[]; error?: unknown; progress?: [number, number] }>({});
  const [community, setCommunity] = useState<string>(params.get('community') ?? '');
  const [focus, setFocus] = useState<Set<string> | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [detecting, setDetecting] = useState(false);
  const sigmaRef = useRef<Sigma | null>(null);
  const focusId = params.get('focus');

  useEffect(() => {
    const controller = new AbortController();
    setState({ progress: [0, 0] });
    loadGraph((d, t) => setState(s => ({ ...s, progress: [d, t] })), controller.signal).then(
      ({ graph, communities }) => setState({ graph, communities }),
      error => !controller.signal.aborted && setState({ error }),
    );
    return () => controller.abort();
  }, [reload]);

  // "Show in graph": the memory's entities are highlighted (and added if the overview did not have them yet).
  useEffect(() => {
    if (!focusId || !state.graph) return setFocus(null);
    get<GraphExpansion>(`/graph/expand/${enc(focusId)}?depth=1&limit=100`).then(
      answer => {
        const graph = state.graph!;
        const ids = new Set<string>();
        for (const n of answer.neighbors) {
          if (n.node_type !== 'Entity') continue;
          ids.add(n.id);
          if (!graph.hasNode(n.id)) graph.addNode(n.id, { label: n.label, color: communityColor(null), size: 6, x: (Math.random() - 0.5) * 40, y: (Math.random() - 0.5) * 40 });
        }
        setFocus(ids);
      },
      toastError,
    );
  }, [focusId, state.graph]);

  useEffect(() => {
    const graph = state.graph;
    if (!graph || !container.current || graph.order === 0) return;
    const sigma = new Sigma(graph, container.current, {
      renderEdgeLabels: false,
      labelDensity: 0.35,
      labelRenderedSizeThreshold: graph.order > 500 ? 8 : 1,
      defaultEdgeColor: edgeColor(),
      defaultEdgeType: 'rect',
      edgeProgramClasses: { rect: EdgeRectangleProgram },
      labelColor: { color: getComputedStyle(document.body).getPropertyValue('--fg').trim() || '#111' },
      hideEdgesOnMove: graph.size > 3000,
      hideLabelsOnMove: graph.order > 2000,
      zIndex: true,
    });
    sigmaRef.current = sigma;
    window.cairnGraph = { sigma, graph };
    sigma.on('clickNode', ({ node }) => go(href('library', 'entity', node)));
    sigma.on('enterNode', ({ node }) => {
      setHovered(node);
      container.current!.style.cursor = 'pointer';
    });
    sigma.on('leaveNode', () => {
      setHovered(null);
      container.current!.style.cursor = '';
    });
    return () => {
      sigma.kill();
      sigmaRef.current = null;
      delete window.cairnGraph;
    };
  }, [state.graph]);

  // Filters and highlights are reducers: nothing in the graph is rebuilt.
  useEffect(() => {
    const sigma = sigmaRef.current;
    if (!sigma) return;
    const wanted = community === '' ? null : Number(community);
    sigma.setSetting('nodeReducer', (node, attrs) => {
      const inCommunity = wanted === null || attrs.community === wanted;
      const inFocus = !focus || focus.has(node);
      if (!inCommunity || !inFocus) return { ...attrs, color: dimColor(), label: '', zIndex: 0 };
      if (focus || node === hovered) return { ...attrs, highlighted: true, zIndex: 1, forceLabel: true };
      return attrs;
    });
    sigma.setSetting('edgeReducer', (edge, attrs) => {
      const [s, t] = sigma.getGraph().extremities(edge);
      const g = sigma.getGraph();
      const keep = (n: string) => (wanted === null || g.getNodeAttribute(n, 'community') === wanted) && (!focus || focus.has(n));
      return keep(s) && keep(t) ? attrs : { ...attrs, hidden: true };
    });
    if (focus && focus.size > 0) {
      const first = [...focus][0];
      const pos = sigma.getNodeDisplayData(first);
      if (pos) sigma.getCamera().animate({ x: pos.x, y: pos.y, ratio: 0.3 }, { duration: 400 });
    } else if (wanted !== null) {
      const members = sigma.getGraph().filterNodes((_n, a) => a.community === wanted);
      const pos = members.length ? sigma.getNodeDisplayData(members[0]) : undefined;
      if (pos) sigma.getCamera().animate({ x: pos.x, y: pos.y, ratio: Math.min(1, 0.15 + Math.sqrt(members.length) / 40) }, { duration: 400 });
    } else sigma.getCamera().animatedReset({ duration: 300 });
    sigma.refresh();
  }, [community, focus, hovered, state.graph]);

  const detect = async () => {
    setDetecting(true);
    try {
      await post('/communities/detect');
      setReload(r => r + 1);
    } catch (err) {
      toastError(err);
    } finally {
      setDetecting(false);
    }
  };

  const { graph, communities, error, progress } = state;
  return (
    <section class="view graph-view">
      <div class="graph-toolbar">
        <h1>Knowledge graph</h1>
        {communities && communities.length > 0 && (
          <select aria-label="Community" value={community} onChange={e => setCommunity((e.target as HTMLSelectElement).value)}>
            <option value="">All communities ({counted(graph?.order, 'entity', 'entities')})</option>
            {communities.map(c => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.entity_count})
              </option>
            ))}
          </select>
        )}
        {focusId && (
          <a class="button secondary" href="#/graph">
            Clear highlight
          </a>
        )}
        <button class="secondary" onClick={detect} disabled={detecting}>
          {detecting ? 'Detecting communities…' : 'Detect communities'}
        </button>
      </div>
      <ErrorBox error={error} retry={() => setReload(r => r + 1)} />
      {progress && !graph && !error && <Progress value={progress[1] ? progress[0] / progress[1] : null} label={`Loading the graph ${progress[0]}/${progress[1] || '…'}`} />}
      {graph && graph.order === 0 && (
        <Empty title="The graph is empty.">
          Entities appear as memories mention people, places and tools; they are grouped once communities are detected. Add memories, then press “Detect
          communities”.
        </Empty>
      )}
      <div class="graph-box" ref={container} data-testid="graph" hidden={!graph || graph.order === 0} />
      {hovered && graph?.hasNode(hovered) && <p class="graph-hover">{graph.getNodeAttribute(hovered, 'label')} — click to open its page</p>}
      {graph && graph.order > 0 && (
        <p class="muted small">
          {counted(graph.order, 'entity', 'entities')}, {counted(graph.size, 'relation')}, {counted(communities?.length, 'community', 'communities')}. Scroll to zoom, drag to pan, click a node to open its page.
          {focus ? ` ${counted(focus.size, 'entity', 'entities')} of the memory highlighted.` : ''}
        </p>
      )}
    </section>
  );
}
