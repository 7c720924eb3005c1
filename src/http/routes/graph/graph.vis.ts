/** The `/graph/vis` page: a graph drawn as a static SVG (nodes on a circle, edges as lines), no script. */

interface VisNode {
  id: string;
  label: string;
  node_type: string;
  color?: string;
}
interface VisEdge {
  source: string;
  target: string;
  edge_type: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);

export function renderGraphPage(graph: { nodes: VisNode[]; edges: VisEdge[] }, options: { query?: string; search_bar: boolean }): string {
  const size = 800;
  const radius = size / 2 - 80;
  const at = new Map(
    graph.nodes.map((node, i) => {
      const angle = (2 * Math.PI * i) / Math.max(1, graph.nodes.length);
      return [node.id, { x: size / 2 + radius * Math.cos(angle), y: size / 2 + radius * Math.sin(angle) }];
    }),
  );
  const lines = graph.edges.flatMap(edge => {
    const [a, b] = [at.get(edge.source), at.get(edge.target)];
    if (!a || !b) return [];
    return [`<line x1="${a.x.toFixed(1)}" y1="${a.y.toFixed(1)}" x2="${b.x.toFixed(1)}" y2="${b.y.toFixed(1)}" class="${edge.edge_type === 'MENTIONS' ? 'mention' : 'relation'}"><title>${escape(edge.edge_type)}</title></line>`];
  });
  const circles = graph.nodes.map(node => {
    const p = at.get(node.id)!;
    const fill = node.node_type === 'Memory' ? '#0ea5e9' : (node.color ?? '#8b5cf6');
    return `<g data-id="${escape(node.id)}"><circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="8" fill="${escape(fill)}"><title>${escape(node.node_type)}: ${escape(node.label)}</title></circle>` +
      `<text x="${(p.x + 10).toFixed(1)}" y="${(p.y + 4).toFixed(1)}">${escape(node.label.slice(0, 40))}</text></g>`;
  });
  const search = options.search_bar
    ? `<form method="get" action="vis"><input name="query" value="${escape(options.query ?? '')}" placeholder="Search entities"><button>Search</button></form>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><title>Cairn graph</title><style>
body{font:14px system-ui,sans-serif;margin:1em}line.relation{stroke:#94a3b8}line.mention{stroke:#cbd5e1;stroke-dasharray:4 3}text{font-size:11px;fill:#334155}
</style></head><body>${search}<p>${graph.nodes.length} nodes, ${graph.edges.length} edges</p>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">${lines.join('')}${circles.join('')}</svg></body></html>`;
}
