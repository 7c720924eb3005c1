import { useEffect, useState } from 'preact/hooks';

/** Hash routes (#/memory/<id>?x=y): the server serves one page, and links work offline and on reload. */
export interface Route {
  parts: string[];
  params: URLSearchParams;
}

export function parseHash(hash = location.hash): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [path, query = ''] = raw.split('?', 2);
  return { parts: path.split('/').filter(Boolean).map(decodeURIComponent), params: new URLSearchParams(query) };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(parseHash());
  useEffect(() => {
    const update = () => setRoute(parseHash());
    addEventListener('hashchange', update);
    return () => removeEventListener('hashchange', update);
  }, []);
  return route;
}

export const href = (...parts: (string | number)[]) => `#/${parts.map(p => encodeURIComponent(String(p))).join('/')}`;
export const go = (to: string) => {
  location.hash = to.replace(/^#/, '');
};
