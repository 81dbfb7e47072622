// shared/ typechecks without Node's types (docs/decisions.md §6 part 3): tsconfig.shared.json gives it only
// ES2023 and the Encoding API (types/encoding.d.ts), so a Node or DOM global is a compile error
// there even where the linter's ban list has no entry for it. A probe that uses Buffer is checked
// with that config and must fail; the real shared/ is checked by `npm run typecheck`.
// package.json says "sideEffects": false, so a renderer bundle takes only the shared/ modules it uses.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

describe('shared/ without Node types', () => {
  it('tsconfig.shared.json has no Node types and covers shared/', () => {
    const config = JSON.parse(readFileSync(join(repoRoot, 'tsconfig.shared.json'), 'utf8')) as {
      compilerOptions: { types: string[]; lib: string[] };
      include: string[];
    };
    expect(config.compilerOptions.types).toEqual([]);
    expect(config.compilerOptions.lib).toEqual(['ES2023']);
    expect(config.include).toContain('shared');
  });

  it('a shared/ file that uses a Node global does not compile under it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'airlock-shared-tsc-'));
    try {
      writeFileSync(join(dir, 'probe.ts'), "export const bytes = Buffer.from('x');\nexport const encoded = new TextEncoder().encode('x');\n");
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: join(repoRoot, 'tsconfig.shared.json'),
          include: [join(dir, 'probe.ts'), join(repoRoot, 'types', 'encoding.d.ts')],
        }),
      );
      const r = spawnSync(process.execPath, [tsc, '--noEmit', '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8' });
      expect(r.status).not.toBe(0);
      expect(r.stdout).toContain("Cannot find name 'Buffer'");
      // TextEncoder is there (types/encoding.d.ts): the only error is the Node global.
      expect(r.stdout).not.toContain('TextEncoder');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('package.json declares the package free of side effects', () => {
    expect((JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { sideEffects?: unknown }).sideEffects).toBe(false);
  });
});
