// Fails when a component shows a person words that are not a translation key: text between JSX tags, or a literal
// in an attribute people read or hear (aria-label, title, placeholder, alt, label). Such words would appear in one
// language only. Reads every component's source with the TypeScript parser, so a new file is covered by itself.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');
const VISIBLE_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description', 'aria-placeholder']);
/** Words, in any script: punctuation, numbers and symbols alone (×, —, :, 2) say nothing that needs translating. */
const WORDS = /[A-Za-z\u1000-\u109F]{2,}/;
/**
 * Deliberate exceptions, each with its reason: `file: text`.
 * - the language menu names each language in itself, so it can be found whatever the page's language.
 */
const ALLOWED = new Set(['components/ui/language-menu.tsx: မြန်မာ', 'components/ui/language-menu.tsx: English']);

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(full);
    return entry.name.endsWith('.tsx') && !/\.(test|fake)\.tsx$/.test(entry.name) && entry.name !== 'test-utils.tsx' ? [full] : [];
  });
}

function literalsShown(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression
          : null;
      if (literal && WORDS.test(literal.text)) found.push(literal.text);
    }
    // Object literals like { mm: 'မြန်မာ', en: 'English' } that feed the page: only Myanmar-script or capitalised words.
    if (ts.isStringLiteral(node) && ts.isPropertyAssignment(node.parent) && /^(mm|en)$/.test(node.parent.name.getText(source)))
      found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('visible strings', () => {
  it('every word a component shows comes from the translation files', () => {
    const offenders: string[] = [];
    const files = componentFiles(SRC);
    expect(files.length).toBeGreaterThan(30);
    for (const file of files) {
      const rel = path.relative(SRC, file);
      for (const text of literalsShown(file)) if (!ALLOWED.has(`${rel}: ${text}`)) offenders.push(`${rel}: ${text}`);
    }
    expect(offenders).toEqual([]);
  });
});
