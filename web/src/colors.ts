/** Community colours, shared by the graph and the Library (so the Library does not load the graph's code). */
export const PALETTE = ['#2563eb', '#16a34a', '#db2777', '#ea580c', '#7c3aed', '#0891b2', '#ca8a04', '#dc2626', '#4f46e5', '#059669', '#c026d3', '#65a30d'];
export const communityColor = (id: number | null) => (id === null ? '#94a3b8' : PALETTE[Math.abs(id) % PALETTE.length]);
