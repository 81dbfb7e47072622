/**
 * The renderer is untrusted (docs/decisions.md §9, SECURITY.md): ESLint's renderer rules (eslint.config.js)
 * cover its .ts files but ESLint does not read .svelte files, so this test parses every component
 * with Svelte's own compiler and refuses
 * - `{@html …}`: text from a transaction, a file or a person is never rendered as markup;
 * - an import from outside renderer/ and shared/, of shared/chain/keys.ts (the signing module), of
 *   Electron or a Node builtin, or of a package other than svelte and valibot.
 * A second part proves the check finds each of these in a probe component.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'svelte/compiler';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RENDERER = join(ROOT, 'renderer');
const PACKAGES = /^(svelte(\/.*)?|valibot)$/;

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return svelteFiles(path);
    return e.name.endsWith('.svelte') ? [path] : [];
  });
}

/** Every problem in one component's source, as `line: reason`. */
export function componentProblems(source: string, file: string): string[] {
  const ast = parse(source, { modern: true, filename: file });
  const problems: string[] = [];
  const lineOf = (pos: number) => source.slice(0, pos).split('\n').length;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const n = node as { type?: string; start?: number; source?: { value?: unknown } };
    if (n.type === 'HtmlTag') problems.push(`${lineOf(n.start ?? 0)}: {@html} renders text as markup`);
    if (
      (n.type === 'ImportDeclaration' || n.type === 'ExportNamedDeclaration' || n.type === 'ExportAllDeclaration' || n.type === 'ImportExpression') &&
      typeof n.source?.value === 'string'
    ) {
      const spec = n.source.value;
      const line = lineOf(n.start ?? 0);
      if (spec.startsWith('.')) {
        const target = relative(ROOT, resolve(dirname(file), spec)).replaceAll('\\', '/');
        if (!target.startsWith('renderer/') && !target.startsWith('shared/')) problems.push(`${line}: imports ${target}, outside renderer/ and shared/`);
        if (/^shared\/chain\/keys(\.ts|\.js)?$/.test(target)) problems.push(`${line}: imports the signing module shared/chain/keys.ts`);
      } else if (!PACKAGES.test(spec)) {
        problems.push(`${line}: imports ${spec}, not svelte or valibot`);
      }
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'parent') visit(child);
  };
  visit(ast);
  return problems.sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
}

describe('renderer components', () => {
  const files = svelteFiles(RENDERER);

  it('there are components to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  for (const file of files) {
    it(`${relative(ROOT, file)}: no {@html}, imports only renderer/, shared/ (not keys.ts), svelte and valibot`, () => {
      expect(componentProblems(readFileSync(file, 'utf8'), file)).toEqual([]);
    });
  }

  it('the check finds {@html} and every forbidden import', () => {
    const probe = [
      '<script lang="ts">',
      "  import { signDigest } from '../shared/chain/keys.ts';",
      "  import { readFileSync } from 'node:fs';",
      "  import { ipcRenderer } from 'electron';",
      "  import { startDevnet } from '../devnet/node.ts';",
      "  import { escapeText } from '../shared/base/escape.ts';",
      "  import { mount } from 'svelte';",
      '  let { memo } = $props();',
      '</script>',
      '<p>{@html memo}</p>',
    ].join('\n');
    expect(componentProblems(probe, join(RENDERER, 'Probe.svelte'))).toEqual([
      '2: imports the signing module shared/chain/keys.ts',
      '3: imports node:fs, not svelte or valibot',
      '4: imports electron, not svelte or valibot',
      '5: imports devnet/node.ts, outside renderer/ and shared/',
      '10: {@html} renders text as markup',
    ]);
  });
});
