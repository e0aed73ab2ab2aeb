// The stylesheet a server-rendered storefront page needs: the build's one stylesheet (every page of the app, the
// staff workbench included: ~53 KB, ~11 KB brotli) less the rules whose class selectors name a class that neither
// the page's markup nor the storefront's scripts use (web-build.ts reads those from the built chunks), and less the
// custom properties no kept rule reads. It rides inline in the HTML; the browser fetches the whole file only for a
// staff page (apps/web/src/lib/whole-stylesheet.ts). Why: on a phone's slow link the HTML is the first thing the
// largest paint waits for, and the inline CSS was two thirds of it (docs/decisions/0023-first-paint-on-a-phone.md).
//
// The input is our own build's output (Tailwind, minified by Lightning CSS: rules at the top level or inside
// @layer/@media/@supports, no nesting left), but the parser doesn't rely on that: a rule is kept unless one of its
// selectors' *plain* classes (outside any :not()/:is()/:where()/attribute brackets) is missing from the markup, and
// anything it doesn't understand (an unbalanced brace, an unknown block) makes it keep the whole stylesheet.

type CssNode =
  /** A style rule: its selectors, the classes each one needs, and its declaration block (with braces). */
  | { kind: 'rule'; selectors: { text: string; classes: string[] }[]; block: string }
  /** A grouping at-rule (@media, @layer, @supports, @container…) whose block holds rules. */
  | { kind: 'group'; prelude: string; children: CssNode[] }
  /** Anything kept as it is: @font-face, @property, @keyframes, @import, a statement at-rule. */
  | { kind: 'verbatim'; text: string };

const GROUPING_AT_RULES = new Set(['media', 'layer', 'supports', 'container', 'scope', 'starting-style', 'document']);

class CssParseError extends Error {}

/** Index just past the string that starts at `i` (a quote). */
function skipString(css: string, i: number): number {
  const quote = css[i];
  for (let j = i + 1; j < css.length; j++) {
    if (css[j] === '\\') j++;
    else if (css[j] === quote) return j + 1;
  }
  throw new CssParseError('unterminated string');
}

/** Index just past the comment that starts at `i` (`/*`). */
function skipComment(css: string, i: number): number {
  const end = css.indexOf('*/', i + 2);
  if (end < 0) throw new CssParseError('unterminated comment');
  return end + 2;
}

/** Index just past the string, comment or escape that starts at `i`; -1 when `css[i]` is a plain character. */
function skipToken(css: string, i: number): number {
  const c = css[i];
  if (c === '"' || c === "'") return skipString(css, i);
  if (c === '/' && css[i + 1] === '*') return skipComment(css, i);
  if (c === '\\') return i + 2;
  return -1;
}

/** The index of the first of `stops` at nesting depth 0 from `i` (strings, comments, (), [] skipped); -1 if none. */
function findTopLevel(css: string, i: number, stops: string): number {
  let depth = 0;
  while (i < css.length) {
    const past = skipToken(css, i);
    if (past >= 0) {
      i = past;
      continue;
    }
    const c = css[i]!;
    if (depth === 0 && stops.includes(c)) return i;
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    i++;
  }
  return -1;
}

/** The index of the `}` closing the block whose `{` is at `open`. */
function matchingBrace(css: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < css.length) {
    const past = skipToken(css, i);
    if (past >= 0) {
      i = past;
      continue;
    }
    const c = css[i]!;
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
    i++;
  }
  throw new CssParseError('unbalanced braces');
}

function skipSpaceAndComments(css: string, i: number, end: number): number {
  while (i < end) {
    if (/\s/.test(css[i]!)) i++;
    else if (css[i] === '/' && css[i + 1] === '*') i = skipComment(css, i);
    else break;
  }
  return i;
}

/** Splits a selector list at its top-level commas. */
function splitSelectors(prelude: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (;;) {
    const comma = findTopLevel(prelude, start, ',');
    out.push(prelude.slice(start, comma < 0 ? prelude.length : comma).trim());
    if (comma < 0) return out.filter(Boolean);
    start = comma + 1;
  }
}

const IDENT_CHAR = /[A-Za-z0-9_\-\u0080-\uffff]/;

/** Reads a CSS identifier (with its escapes decoded) starting at `i`: [name, index after it]. */
function readIdent(text: string, i: number): [string, number] {
  let name = '';
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(text.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        name += text[i + 1] ?? '';
        i += 2;
      }
    } else if (IDENT_CHAR.test(c)) {
      name += c;
      i++;
    } else break;
  }
  return [name, i];
}

/**
 * The classes a selector needs for it to match anything: those outside brackets and parentheses, and those of the
 * one selector inside an :is() or :where() (Tailwind's `space-y-4` is `:where(.space-y-4>:not(:last-child))`).
 * Classes inside :not(), :has(), a selector list or an attribute selector are not counted (`:not(.x)` matches
 * without `.x`).
 */
export function requiredClasses(selector: string): string[] {
  const classes: string[] = [];
  let depth = 0;
  let i = 0;
  while (i < selector.length) {
    const c = selector[i]!;
    const single = depth === 0 && c === ':' ? /^:(?:is|where)\(/i.exec(selector.slice(i, i + 7)) : null;
    if (single) {
      const open = i + single[0].length - 1;
      const close = findTopLevel(selector, open + 1, ')');
      if (close < 0) throw new CssParseError('unbalanced parentheses');
      const inner = selector.slice(open + 1, close);
      if (findTopLevel(inner, 0, ',') < 0) classes.push(...requiredClasses(inner));
      i = close + 1;
    } else if (c === '"' || c === "'") i = skipString(selector, i);
    else if (c === '\\') i += 2;
    else if (c === '(' || c === '[') {
      depth++;
      i++;
    } else if (c === ')' || c === ']') {
      depth--;
      i++;
    } else if (c === '.' && depth === 0) {
      const [name, next] = readIdent(selector, i + 1);
      if (name) classes.push(name);
      i = next;
    } else i++;
  }
  return classes;
}

function parseBlock(css: string, start: number, end: number): CssNode[] {
  const nodes: CssNode[] = [];
  let i = skipSpaceAndComments(css, start, end);
  while (i < end) {
    if (css[i] === '@') {
      const stop = findTopLevel(css, i, '{;');
      if (stop < 0 || stop >= end) throw new CssParseError('at-rule without a block or semicolon');
      if (css[stop] === ';') {
        nodes.push({ kind: 'verbatim', text: css.slice(i, stop + 1) });
        i = stop + 1;
      } else {
        const close = matchingBrace(css, stop);
        const prelude = css.slice(i, stop).trim();
        const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
        nodes.push(
          GROUPING_AT_RULES.has(name)
            ? { kind: 'group', prelude, children: parseBlock(css, stop + 1, close) }
            : { kind: 'verbatim', text: css.slice(i, close + 1) },
        );
        i = close + 1;
      }
    } else {
      const open = findTopLevel(css, i, '{};');
      if (open < 0 || open >= end || css[open] !== '{') throw new CssParseError('rule without a block');
      const close = matchingBrace(css, open);
      const selectors = splitSelectors(css.slice(i, open)).map((text) => ({ text, classes: requiredClasses(text) }));
      nodes.push({ kind: 'rule', selectors, block: css.slice(open, close + 1) });
      i = close + 1;
    }
    i = skipSpaceAndComments(css, i, end);
  }
  return nodes;
}

/** The nodes whose selectors the classes in `used` can match (rules keep only such selectors; empty groups go). */
function keep(nodes: CssNode[], used: ReadonlySet<string>): CssNode[] {
  const out: CssNode[] = [];
  for (const node of nodes) {
    if (node.kind === 'verbatim') out.push(node);
    else if (node.kind === 'rule') {
      const selectors = node.selectors.filter((s) => s.classes.every((c) => used.has(c)));
      if (selectors.length) out.push({ ...node, selectors });
    } else {
      const children = keep(node.children, used);
      // An empty @layer block still fixes the layers' order; other empty groups are dropped.
      if (children.length || /^@layer\b/i.test(node.prelude)) out.push({ ...node, children });
    }
  }
  return out;
}

/** A declaration block's declarations (without its braces), or null if it holds anything but declarations. */
function declarations(block: string): { name: string; text: string }[] | null {
  const body = block.slice(1, -1);
  if (findTopLevel(body, 0, '{') >= 0) return null;
  const out: { name: string; text: string }[] = [];
  let start = 0;
  for (;;) {
    const semi = findTopLevel(body, start, ';');
    const text = body.slice(start, semi < 0 ? body.length : semi).trim();
    if (text) out.push({ name: text.slice(0, text.indexOf(':')).trim(), text });
    if (semi < 0) return out;
    start = semi + 1;
  }
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const PROPERTY_RULE = /^@property\s+(--[\w-]+)/;

/**
 * The custom properties the kept rules can read: those named in a var() of an ordinary declaration (or of an
 * at-rule kept as it is), and, in turn, those named in the values of such custom properties.
 */
function referencedProperties(tree: CssNode[]): Set<string> {
  const definitions = new Map<string, string[]>();
  const referenced = new Set<string>();
  const refer = (text: string) => {
    for (const m of text.matchAll(VAR_REFERENCE)) referenced.add(m[1]!);
  };
  const walk = (nodes: CssNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'group') walk(node.children);
      else if (node.kind === 'verbatim') {
        if (!PROPERTY_RULE.test(node.text)) refer(node.text);
      } else {
        const decls = declarations(node.block);
        if (!decls) refer(node.block);
        else
          for (const d of decls) {
            if (d.name.startsWith('--')) definitions.set(d.name, [...(definitions.get(d.name) ?? []), d.text]);
            else refer(d.text);
          }
      }
    }
  };
  walk(tree);
  const pending = [...referenced];
  while (pending.length) {
    for (const text of definitions.get(pending.pop()!) ?? []) {
      for (const m of text.matchAll(VAR_REFERENCE)) {
        if (!referenced.has(m[1]!)) {
          referenced.add(m[1]!);
          pending.push(m[1]!);
        }
      }
    }
  }
  return referenced;
}

/** The kept tree as CSS, without custom properties (declarations and @property rules) that nothing reads. */
function serialise(tree: CssNode[], properties: ReadonlySet<string>): string {
  let out = '';
  for (const node of tree) {
    if (node.kind === 'verbatim') {
      const property = PROPERTY_RULE.exec(node.text)?.[1];
      if (!property || properties.has(property)) out += node.text;
    } else if (node.kind === 'rule') {
      const decls = declarations(node.block);
      const block = decls
        ? decls
            .filter((d) => !d.name.startsWith('--') || properties.has(d.name))
            .map((d) => d.text)
            .join(';')
        : null;
      if (block === null) out += `${node.selectors.map((s) => s.text).join(',')}${node.block}`;
      else if (block) out += `${node.selectors.map((s) => s.text).join(',')}{${block}}`;
    } else {
      const inner = serialise(node.children, properties);
      if (inner || /^@layer\b/i.test(node.prelude)) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

/** The CSS a markup with these classes needs. */
function prune(nodes: CssNode[], used: ReadonlySet<string>): string {
  const tree = keep(nodes, used);
  return serialise(tree, referencedProperties(tree));
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/** The classes used in a piece of HTML (its `class` attributes, entities decoded). */
export function classesInMarkup(html: string): Set<string> {
  const used = new Set<string>();
  for (const match of html.matchAll(CLASS_ATTRIBUTE)) {
    const value = match[1]!.replace(
      /&(amp|quot|lt|gt|#39|#x27);/g,
      (_, e: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[e]!,
    );
    for (const name of value.split(/\s+/)) if (name) used.add(name);
  }
  return used;
}

/** How many different class sets' stylesheets are kept (pages of one kind share one; a few kinds of page exist). */
const CACHE_SIZE = 64;

/**
 * Every word in a script that could be a class name (what sits between quotes, spaces, braces…). Generous on
 * purpose: a word that names no class costs nothing, a class missed would be unstyled until the whole sheet loads.
 */
export function classWordsInScript(js: string): Set<string> {
  return new Set(js.split(/[\s"'`{}()<>,;=+$]+/).filter(Boolean));
}

export type FirstScreenCss = {
  /** The rules the markup, or the code the page runs, can use (the whole stylesheet if it couldn't be parsed). */
  forMarkup(html: string): string;
  /** False when the stylesheet couldn't be parsed: every page then gets all of it. */
  readonly pruning: boolean;
};

/**
 * Prepares `css` once; `forMarkup` is then a class scan of the markup and, for a new set of classes, one pass.
 * `alwaysUsed`: classes kept whatever the markup (those the page's own scripts can add once it runs).
 */
export function firstScreenCss(css: string, alwaysUsed: Iterable<string> = []): FirstScreenCss {
  const base = new Set(alwaysUsed);
  let nodes: CssNode[] | null;
  try {
    nodes = parseBlock(css, 0, css.length);
  } catch {
    nodes = null;
  }
  const cache = new Map<string, string>();
  return {
    pruning: nodes !== null,
    forMarkup(html) {
      if (!nodes) return css;
      const extra = [...classesInMarkup(html)].filter((c) => !base.has(c));
      const key = extra.sort().join(' ');
      let out = cache.get(key);
      if (out === undefined) {
        out = prune(nodes, extra.length ? new Set([...base, ...extra]) : base);
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(key, out);
      }
      return out;
    },
  };
}
