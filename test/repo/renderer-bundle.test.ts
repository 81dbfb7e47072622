/**
 * What the first paint parses (scripts/build-renderer.ts, renderer/app/App.svelte; issue "every click
 * answers fast"): the renderer's build ships no WebAssembly (its CSP could never compile
 * libsecp256k1, and verify.ts takes noble), the page loads the queue and the transaction screen with
 * its entry, and every other screen and the animated QR code (with the UR encoder) are chunks the
 * entry only imports on demand. Built with the renderer's own Vite config.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRenderer } from '../../scripts/build-renderer.ts';

let out: string;
beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'airlock-renderer-bundle-'));
  await buildRenderer(out);
}, 300_000);
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The chunks a script imports statically (`import … from "./x.js"`, `import "./x.js"`, `export … from`), not `import("./x.js")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[\w$*{][^"'()]*?\s*from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(m[1]!);
  return [...found];
}

/** The entry script and every chunk it reaches by static imports: what the page parses before it can paint. */
function firstPaint(): Set<string> {
  const html = readFileSync(join(out, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\.\/assets\/([^"]+\.js)"/.exec(html)![1]!;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of staticImports(readFileSync(join(out, 'assets', file), 'utf8'))) visit(next);
  };
  visit(entry);
  return seen;
}

describe("the renderer's bundle", () => {
  it('ships no WebAssembly', () => {
    expect(readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.wasm'))).toEqual([]);
  });

  it('parses the queue and the transaction screen first, and every other screen and the animated QR code only when shown', () => {
    const all = readdirSync(join(out, 'assets')).filter((f) => f.endsWith('.js'));
    const first = firstPaint();
    const later = all.filter((f) => !first.has(f));
    for (const screen of [
      'KeysScreen',
      'SettingsScreen',
      'SendScreen',
      'StakeScreen',
      'BatchScreen',
      'TokensScreen',
      'ContractsScreen',
      'PermissionsScreen',
      'AccountsScreen',
      'AddressBookScreen',
      'ScanScreen',
      'QrCodeAnimated',
    ]) {
      expect(
        later.some((f) => f.startsWith(`${screen}-`)),
        screen,
      ).toBe(true);
    }
    // The queue and transaction screens are not chunks of their own: they are in the entry's graph.
    expect(all.some((f) => f.startsWith('QueueScreen-') || f.startsWith('TransactionScreen-'))).toBe(false);
    const size = (files: Iterable<string>) => [...files].reduce((n, f) => n + statSync(join(out, 'assets', f)).size, 0);
    // Most of the code waits: the first paint parses less than what is left for later.
    expect(size(first)).toBeLessThan(size(all));
    expect(size(later)).toBeGreaterThan(size(all) / 3);
  });
});
