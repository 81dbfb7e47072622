/**
 * Recovery in a browser bundle (shared/chain/verify.ts; ARCHITECTURE.md "Signing and verifying"): Vite
 * (the renderer's bundler) builds an entry that imports shared/chain/verify.ts, and the bundle, run as a
 * page would run it, recovers the right signer. Today that is noble: Vite 8 loads tiny-secp256k1's
 * WebAssembly with the globals as numbers, the package's wrapper then fails every call, and the
 * known-answer check must notice. Without that check the bundle would refuse every signature.
 *
 * The page is simulated in Node: `fetch` of file: URLs reads the emitted asset (with the
 * application/wasm type a server gives it) and `document` is a stub; nothing else is faked.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

const SHARED = fileURLToPath(new URL('../../shared/', import.meta.url));
const SIG = '4caff20440f9b03d6dd017d8aef23cfdfaf9435acff44f3658444a4b07004eb85987a1309f47213adb7602b117596a8567aca9da3f47a813181eac89177d8d9a01';
const TXID = '65a9d072f9fce3094d757b9bd96206ca4b04af5d88f46a204cf8dc6db2ab5612';
const ADDR_11 = '4119e7e376e7c213b7e7e7e46cc70a5dd086daff2a';

const PAGE_SHIM = `
import { readFile } from 'node:fs/promises';
const real = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const url = String(input);
  if (!url.startsWith('file:')) return real(input, init);
  return new Response(await readFile(new URL(url)), { headers: { 'content-type': url.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' } });
};
globalThis.document = { createElement: () => ({ relList: { supports: () => false } }), querySelector: () => null, getElementsByTagName: () => [], head: { appendChild() {} } };
globalThis.window = { dispatchEvent: () => true };
`;

describe('shared/chain/verify.ts in a Vite bundle', () => {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-bundle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds, and the bundle recovers the right signer (noble, after the known-answer check refuses the WebAssembly)', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><script type="module" src="./main.ts"></script>');
    writeFileSync(
      join(dir, 'main.ts'),
      `import { recoveryBackend, recoverSigner } from '${SHARED}chain/verify.ts';
       import { bytesToHex, hexToBytes } from '${SHARED}base/bytes.ts';
       console.log(JSON.stringify({ backend: recoveryBackend(), signer: bytesToHex(recoverSigner(hexToBytes('${SIG}'), hexToBytes('${TXID}'))) }));`,
    );
    writeFileSync(join(dir, 'page-shim.mjs'), PAGE_SHIM);
    await build({
      root: dir,
      base: '../',
      configFile: false,
      logLevel: 'silent',
      build: { outDir: join(dir, 'dist'), modulePreload: false, minify: false },
    });
    const assets = readdirSync(join(dir, 'dist', 'assets'));
    // The bundler did take the WebAssembly along.
    expect(assets.some((f) => f.endsWith('.wasm'))).toBe(true);
    const entry = assets.find((f) => f.startsWith('index-') && f.endsWith('.js'))!;
    const run = spawnSync(process.execPath, ['--import', join(dir, 'page-shim.mjs'), join(dir, 'dist', 'assets', entry)], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout.trim())).toEqual({ backend: 'noble', signer: ADDR_11 });
  });
});
