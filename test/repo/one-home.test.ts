/**
 * One home per fact (docs/decisions.md §15, "no fact is declared twice"): no two modules of the product (shared/,
 * station/, electron/, cli/, devnet/, renderer/; tests and the generated shared/gen/ aside) export
 * the same name. Two exports of one name are either one fact written twice, free to drift apart
 * (`MAX_LIST_LIMIT` was 100,000 in the store and 20,000 in the API), or two facts sharing a name, so
 * an import picks one by its path alone. A re-export (`export { X } from`) counts: it is a second
 * place to import the fact from.
 *
 * The names that still live twice because their second module is in station/ or electron/ (being
 * split by other hands while this rule landed) are on ALLOWED below, a list that may only shrink:
 * a pair that no longer exists fails the test too, so the list is emptied as they are fixed, and a
 * pair that involves neither station/ nor electron/ may not be listed at all.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const ROOTS = ['shared/', 'station/', 'electron/', 'cli/', 'devnet/', 'renderer/'];

/**
 * Names exported twice today because station/ or electron/ still holds or imports the second copy,
 * and the modules (sorted) that export them. Each entry says which: `twin` when a station/ or
 * electron/ module declares its own, `reexport` naming the station/ or electron/ file that still
 * imports the name from its old module. Only removals are allowed: re-point or fix, then delete.
 */
const ALLOWED: Record<string, { modules: readonly string[]; twin?: true; reexportFor?: string }> = {};

/** The names a module exports: declarations, export lists and re-exports (`export *` has no names of its own). */
function exportedNames(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  const exported = (node: ts.Node): boolean => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node): boolean => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements) names.push(e.name.text);
      }
      continue;
    }
    if (!exported(node) || isDefault(node)) continue;
    if (ts.isVariableStatement(node)) {
      for (const d of node.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) names.push(d.name.text);
      }
    } else if (
      (ts.isFunctionDeclaration(node) ||
        ts.isClassDeclaration(node) ||
        ts.isInterfaceDeclaration(node) ||
        ts.isTypeAliasDeclaration(node) ||
        ts.isEnumDeclaration(node)) &&
      node.name
    ) {
      names.push(node.name.text);
    }
  }
  // An overloaded function declares its name once per signature: one name, one module.
  return [...new Set(names)];
}

/** Every name exported by two or more of `files` (path → text), with its modules sorted. */
function duplicateExports(files: ReadonlyMap<string, string>): Map<string, string[]> {
  const homes = new Map<string, string[]>();
  for (const [path, text] of files) {
    for (const name of exportedNames(path, text)) homes.set(name, [...(homes.get(name) ?? []), path]);
  }
  const out = new Map<string, string[]>();
  for (const [name, paths] of [...homes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (paths.length > 1) out.set(name, [...paths].sort());
  }
  return out;
}

/** The product's modules as git tracks them (so a stray build output never counts). */
function productModules(): Map<string, string> {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...ROOTS], { cwd: repoRoot, encoding: 'utf8' });
  const files = new Map<string, string>();
  for (const path of listed.split('\n')) {
    if (!/\.(ts|mts|mjs)$/.test(path) || path.endsWith('.d.ts')) continue;
    if (/\.test\.ts$/.test(path) || path.startsWith('shared/gen/')) continue;
    let text: string;
    try {
      text = readFileSync(`${repoRoot}/${path}`, 'utf8');
    } catch {
      continue; // deleted in the work tree, still in the index
    }
    files.set(path, text);
  }
  return files;
}

describe('one home per exported name', () => {
  it('reads declarations, export lists and re-exports, not default exports or export *', () => {
    const text = [
      'export const A = 1;',
      'export function b(): void {}',
      'export function b(x?: number): void {}',
      'export interface C {}',
      'export type D = string;',
      'export class E {}',
      'export enum F { x }',
      'const g = 1; export { g, g as H };',
      "export { I } from './i.ts';",
      "export * from './j.ts';",
      'export default function k(): void {}',
      'const notExported = 2;',
    ].join('\n');
    expect(exportedNames('probe.ts', text).sort()).toEqual(['A', 'C', 'D', 'E', 'F', 'H', 'I', 'b', 'g'].sort());
  });

  it('finds a name exported by two modules, a re-export included', () => {
    const files = new Map([
      ['shared/base/limits.ts', 'export const MAX = 1;\nexport const ONLY = 2;'],
      ['shared/files/a.ts', 'export const MAX = 2;'],
      ['shared/files/b.ts', "export { ONLY } from '../base/limits.ts';"],
      ['shared/files/c.ts', "import { MAX } from '../base/limits.ts';\nexport const used = MAX;"],
    ]);
    expect(Object.fromEntries(duplicateExports(files))).toEqual({
      MAX: ['shared/base/limits.ts', 'shared/files/a.ts'],
      ONLY: ['shared/base/limits.ts', 'shared/files/b.ts'],
    });
  });

  it('no name is exported by two product modules, except the listed station/electron pairs', () => {
    const found = duplicateExports(productModules());
    const unlisted = [...found].filter(([name, paths]) => ALLOWED[name]?.modules.join(' ') !== paths.join(' '));
    expect(unlisted.map(([name, paths]) => `${name} is exported by ${paths.join(' and ')}: give it one home and import it from there`)).toEqual([]);
  });

  it('the allow-list only shrinks: every listed pair still exists, and each one is held by station/ or electron/', () => {
    const files = productModules();
    const found = duplicateExports(files);
    const stale = Object.entries(ALLOWED)
      .filter(([name, entry]) => found.get(name)?.join(' ') !== entry.modules.join(' '))
      .map(([name]) => `${name} is listed in ALLOWED but no longer exported by exactly those modules: delete or update its line`);
    expect(stale).toEqual([]);
    const inStation = (path: string): boolean => path.startsWith('station/') || path.startsWith('electron/');
    const unjustified = Object.entries(ALLOWED)
      .filter(([name, entry]) => {
        if (entry.twin) return !entry.modules.some(inStation);
        // A re-export is allowed only while its station/ or electron/ importer still imports the name from the old module.
        const importer = entry.reexportFor === undefined ? undefined : files.get(entry.reexportFor);
        const oldModules = entry.modules.filter((m) => m !== 'shared/base/limits.ts').map((m) => m.replace(/^.*\//, ''));
        return !(
          entry.reexportFor !== undefined &&
          inStation(entry.reexportFor) &&
          importer !== undefined &&
          new RegExp(`import\\s*(type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'[^']*/(${oldModules.join('|')})'`).test(importer)
        );
      })
      .map(([name]) => `${name} is allowed but no station/ or electron/ module holds it or imports it from its old module: fix it instead`);
    expect(unjustified).toEqual([]);
  });
});
