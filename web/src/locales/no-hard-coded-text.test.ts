import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * SPEC 9: no user-visible string outside the locale files. Every .tsx source is parsed: no JSX text
 * with letters or CJK characters, no literal text in user-visible attributes, no label joined to its value
 * by a colon in code.
 */
const root = join(import.meta.dirname, '..');
const VISIBLE_ATTRIBUTES = new Set(['title', 'placeholder', 'aria-label', 'alt', 'label', 'description', 'subTitle', 'okText', 'cancelText', 'tooltip', 'extra', 'message']);
const WORDS = /[A-Za-z\u4e00-\u9fff]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'graphql' || name === 'locales' ? [] : sources(path);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : [];
  });
}

function findings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) found.push(`text "${node.text.trim()}"`);
    // A label and its value are joined by the language's own colon (common:labelled: "入口：东门"), never by ": " in code.
    if (ts.isTemplateExpression(node) && node.templateSpans.some((span) => span.literal.text.startsWith(': '))) found.push(`joined with a colon: ${node.getText(source)}`);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source))) {
      const initializer = node.initializer;
      const literal = initializer && ts.isJsxExpression(initializer) ? initializer.expression : initializer;
      if (literal && (ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)) && WORDS.test(literal.text)) {
        found.push(`${node.name.getText(source)}="${literal.text}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded user-visible text', () => {
  it.each(sources(root).map((file) => relative(root, file)))('%s', (file) => {
    expect(findings(join(root, file))).toEqual([]);
  });
});
