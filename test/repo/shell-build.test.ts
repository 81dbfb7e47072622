/**
 * `npm run build:shell` (docs/decisions.md §8): Vite turns main and the preload into plain JavaScript, so the
 * app runs no TypeScript through tsx. The preload must be one CommonJS file whose only import is
 * `electron` (a sandboxed preload can require nothing else); main imports only `electron`, Node
 * builtins and the app's own npm dependencies, which ship beside it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> };
let out: string;

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'airlock-build-'));
  const run = spawnSync('npm', ['run', '--silent', 'build:shell', '--', '--out-dir', out], { cwd: repoRoot, encoding: 'utf8', timeout: 120_000 });
  if (run.status !== 0) throw new Error(`build:shell failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
}, 150_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every module specifier a built file loads, by require(), static import or dynamic import(). */
function specifiers(code: string): string[] {
  const found = new Set<string>();
  for (const re of [
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
    /^\s*import\s[^;]*?from\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ]) {
    for (const m of code.matchAll(re)) found.add(m[1]!);
  }
  return [...found].sort();
}

describe('build:shell', () => {
  it('writes the preload as exactly one CommonJS file that requires only electron', () => {
    expect(readdirSync(join(out, 'preload'))).toEqual(['preload.cjs']);
    const code = readFileSync(join(out, 'preload', 'preload.cjs'), 'utf8');
    expect(specifiers(code)).toEqual(['electron']);
    expect(code).not.toMatch(/^\s*(import|export)\s/m);
    expect(code).not.toMatch(/\bimport\(/);
    // It exposes the table through contextBridge, never ipcRenderer itself.
    expect(code).toContain('exposeInMainWorld');
    expect(code).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*\)/);
  });

  it('writes main as plain JavaScript importing only electron, node builtins and declared dependencies', () => {
    expect(readdirSync(join(out, 'main'))).toEqual(['main.js']);
    const code = readFileSync(join(out, 'main', 'main.js'), 'utf8');
    const allowed = (s: string) => s === 'electron' || s.startsWith('node:') || Object.keys(pkg.dependencies).some((d) => s === d || s.startsWith(`${d}/`));
    expect(specifiers(code).filter((s) => !allowed(s))).toEqual([]);
    expect(specifiers(code)).toContain('electron');
    expect(specifiers(code).filter((s) => s === 'tsx' || s.startsWith('tsx/'))).toEqual([]);
    expect(code).not.toMatch(/from\s*["'][^"']*\.ts["']/);
  });

  it('writes the renderer: an index.html loading only its own script and stylesheet, nothing inline', () => {
    const html = readFileSync(join(out, 'renderer', 'index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    // The first paint's own scripts (the bundler's runtime and the page's chunk): each an asset file, none inline.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((m) => !(/src="\.\/assets\/[\w-]+\.js"/.test(m[1]!) && m[2]!.trim() === '')).map((m) => m[0])).toEqual([]);
    expect(html).not.toMatch(/<style\b|\sstyle=/);
    // Its own stylesheet, and an empty icon so the page asks the server for no favicon.
    expect([...html.matchAll(/<link\b[^>]*href="([^"]+)"/g)].map((m) => m[1])).toEqual(['data:,', expect.stringMatching(/^\.\/assets\/[\w-]+\.css$/)]);
  });

  it('package.json main points at the built main', () => {
    expect(pkg.main).toBe('out/main/main.js');
  });
});
