/**
 * One formatter (docs/decisions.md §15): Prettier, pinned to an exact version, configured in .prettierrc to match
 * the hand-written style (single quotes, trailing commas, semicolons, two spaces, arrow parentheses,
 * 160 columns), with generated code, the lock file and recorded data left alone (.prettierignore),
 * and checked by `npm run check` through `format:check`. This test fails when the pin, the check or
 * a setting goes, or when an ignored path starts to be formatted.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const pkg = JSON.parse(readFileSync(`${repoRoot}package.json`, 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string> };
const ignorePath = `${repoRoot}.prettierignore`;

async function formatted(code: string, file: string): Promise<boolean> {
  const options = await prettier.resolveConfig(`${repoRoot}${file}`, { editorconfig: false });
  expect(options, 'the repository has a Prettier config').not.toBeNull();
  return prettier.check(code, { ...options, filepath: `${repoRoot}${file}` });
}

describe('Prettier', () => {
  it('is pinned to an exact 3.x version and run by npm run check', () => {
    expect(pkg.devDependencies.prettier).toMatch(/^3\.\d+\.\d+$/);
    expect(pkg.scripts['format:check']).toBe('prettier --check .');
    expect(pkg.scripts.format).toBe('prettier --write .');
    expect(pkg.scripts.check).toContain('npm run format:check');
  });

  it('accepts the house style', async () => {
    const code =
      "import { a } from './a.ts';\n\nexport const f = (x: string) => ({ x, y: 'z' });\nexport const list = [\n  'one-long-entry-to-force-a-break-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',\n  'two-long-entry-to-force-a-break-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',\n  a,\n];\n";
    expect(await formatted(code, 'station/__probe__.ts')).toBe(true);
  });

  for (const [what, code] of [
    ['double quotes', 'export const s = "x";\n'],
    [
      'no trailing comma in a broken list',
      "export const list = [\n  'one-long-entry-to-force-a-break-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',\n  'two-long-entry-to-force-a-break-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'\n];\n",
    ],
    ['a missing semicolon', "export const s = 'x'\n"],
    ['four-space indent', 'export function f() {\n    return 1;\n}\n'],
    ['an arrow parameter without parentheses', 'export const f = x => x;\n'],
    ['a 161-column line', `export const s = '${'a'.repeat(161 - "export const s = '';".length)}';\n`],
  ] as const) {
    it(`flags ${what}`, async () => {
      expect(await formatted(code, 'station/__probe__.ts')).toBe(false);
    });
  }

  it('keeps to 160 columns: a 160-column line passes', async () => {
    expect(await formatted(`export const s = '${'a'.repeat(160 - "export const s = '';".length)}';\n`, 'station/__probe__.ts')).toBe(true);
  });

  for (const path of [
    'shared/gen/protocol/core_pb.ts',
    'package-lock.json',
    'docs/screenshots/x.png',
    'test/fixtures/java-tron/getaccount.json',
    'test/fixtures/vectors/reference.json',
    'out/main/main.js',
  ]) {
    it(`leaves ${path} alone`, async () => {
      expect((await prettier.getFileInfo(`${repoRoot}${path}`, { ignorePath })).ignored).toBe(true);
    });
  }

  it('formats the code it should, a feature folder named like the packaging folder included', async () => {
    expect((await prettier.getFileInfo(`${repoRoot}station/station.ts`, { ignorePath })).ignored).toBe(false);
    expect((await prettier.getFileInfo(`${repoRoot}station/build/x.ts`, { ignorePath })).ignored).toBe(false);
    expect((await prettier.getFileInfo(`${repoRoot}build/icon.png`, { ignorePath })).ignored).toBe(true);
  });

  it('formats Svelte components (prettier-plugin-svelte, pinned): a long line of markup is flagged, the formatted one passes', async () => {
    expect(pkg.devDependencies['prettier-plugin-svelte']).toMatch(/^\d+\.\d+\.\d+$/);
    const long = `<p>${'word '.repeat(40).trim()}</p>\n<button type="button" onclick={() => go()} aria-label="a label long enough to push the line past the width">Go</button>\n`;
    expect(await formatted(long, 'renderer/ui/__probe__.svelte')).toBe(false);
    const options = await prettier.resolveConfig(`${repoRoot}renderer/ui/__probe__.svelte`, { editorconfig: false });
    const done = await prettier.format(long, { ...options, filepath: `${repoRoot}renderer/ui/__probe__.svelte` });
    expect(await formatted(done, 'renderer/ui/__probe__.svelte')).toBe(true);
  });
});
