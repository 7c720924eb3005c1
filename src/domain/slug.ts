/** File names for exported pages: ASCII, lower case, readable, unique within one export. */

const RESERVED = new Set(['index', 'log']);

/** "C++: the good parts" → "c-plus-plus-the-good-parts"; "Café" → "cafe"; text with no Latin letters → "". */
export function slugify(text: string, maxLength = 60): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/([a-z])#/g, '$1 sharp ')
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/**
 * A slug maker for one directory: each call returns a slug no earlier call returned, from the text, else from the
 * fallback (for names with no Latin letters), numbered on a collision; never a reserved name (`index`, `log`).
 */
export function slugger(): (text: string, fallback: string) => string {
  const used = new Set<string>();
  return (text, fallback) => {
    const base = slugify(text) || slugify(fallback) || 'page';
    let slug = RESERVED.has(base) ? `${base}-page` : base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    used.add(slug);
    return slug;
  };
}
