import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'TABLE', 'TR', 'UL', 'OL', 'DL', 'FIGURE', 'BODY']);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME']);

/** Whitespace runs as one space, as a browser shows them. */
const inline = (text: string) => text.replace(/\s+/g, ' ').trim();

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/**
 * The blocks of an HTML fragment as Markdown: headings as `#`, list items as `-`, preformatted text fenced, quotes
 * with `>`, every other block as a paragraph. Links and emphasis keep their text only.
 */
function markdownBlocks(root: DomNode): string[] {
  const blocks: string[] = [];
  let line = '';
  const flush = () => {
    const text = inline(line);
    if (text) blocks.push(text);
    line = '';
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) return void (line += node.textContent ?? '');
    if (node.nodeType !== 1 || SKIPPED.has(node.nodeName)) return;
    const name = node.nodeName;
    const heading = /^H([1-6])$/.exec(name);
    if (heading || name === 'LI' || name === 'PRE' || name === 'BLOCKQUOTE' || name === 'DT' || name === 'DD') {
      flush();
      const text = name === 'PRE' ? (node.textContent ?? '').replace(/\n+$/, '') : inline(node.textContent ?? '');
      if (text.trim()) {
        if (heading) blocks.push(`${'#'.repeat(Number(heading[1]))} ${text}`);
        else if (name === 'LI') blocks.push(`- ${text}`);
        else if (name === 'PRE') blocks.push(`\`\`\`\n${text}\n\`\`\``);
        else if (name === 'BLOCKQUOTE') blocks.push(`> ${text}`);
        else blocks.push(text);
      }
      return;
    }
    if (name === 'BR') return void (line += '\n');
    const block = BLOCKS.has(name);
    if (block) flush();
    for (const child of Array.from(node.childNodes)) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return blocks;
}

/** Every block of an HTML fragment (made by a converter, such as DOCX's) as Markdown: no article detection. */
export function htmlToMarkdown(html: string): string {
  return markdownBlocks(parseHTML(`<html><body>${html}</body></html>`).document.body as unknown as DomNode).join('\n\n');
}

/**
 * The readable text of an HTML page as Markdown, with its title: the article Readability finds (menus, footers and
 * scripts left out), or the whole body when it finds none (a short page).
 */
export function readableHtml(html: string): { title: string | null; text: string } {
  const { document } = parseHTML(html);
  const title = inline(document.querySelector('title')?.textContent ?? '') || null;
  // Readability changes the document it reads: the fallback reads a fresh copy.
  const article = new Readability(parseHTML(html).document as unknown as Document).parse();
  if (article?.content) {
    const text = htmlToMarkdown(article.content);
    if (text.trim()) return { title: inline(article.title ?? '') || title, text };
  }
  const body = (document.body ?? document.documentElement) as unknown as DomNode | null;
  return { title, text: body ? markdownBlocks(body).join('\n\n') : '' };
}
