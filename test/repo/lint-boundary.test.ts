/**
 * The runtime boundaries of STYLE.md habit 1 and docs/decisions.md §6, as eslint.config.js enforces them: code
 * in shared/ runs in Node, the browser and Electron alike, so it may import no `node:*` or bare
 * Node builtin, no Electron, no native module, nothing outside shared/ and no npm package that is
 * not one of its dependencies, and may use no DOM or Node global; renderer/ imports only shared/
 * (never the signing module shared/chain/keys.ts); devnet/ and cli/ never import each other;
 * station/ never imports electron. Each probe is linted as if it lived in the folder the
 * rule guards (must fire) and, where it makes sense, in a folder it does not guard (must not), so
 * deleting a rule from the config fails this file. The real folders must lint clean.
 *
 * The import layers of docs/decisions.md §15 (the local rule `airlock/layers` and the `fetch` ban) are probed the
 * same way below: shared/ layers never import up at runtime; a station/ or renderer/ feature never
 * imports another feature; only station/store/ imports better-sqlite3, only station/vault/ the
 * keyring, only station/node/ calls fetch; .svelte scripts are read too.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

interface Hit {
  ruleId: string | null;
  message: string;
}

async function lint(code: string, filePath: string): Promise<Hit[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const ruleHits = (hits: Hit[], ruleId: string) => hits.filter((h) => h.ruleId === ruleId);

const IMPORT_PROBES: Array<{ name: string; code: string; message: RegExp }> = [
  { name: "import fs from 'node:fs'", code: "import fs from 'node:fs';\nexport const x = fs;\n", message: /no Node builtins/ },
  { name: "import fs from 'fs' (bare builtin)", code: "import fs from 'fs';\nexport const x = fs;\n", message: /no Node builtins/ },
  { name: "import 'electron'", code: "import 'electron';\n", message: /may not import Electron/ },
  {
    name: "import Database from 'better-sqlite3'",
    code: "import Database from 'better-sqlite3';\nexport const x = Database;\n",
    message: /may not import native modules/,
  },
  {
    name: "import x from '../devnet/x.ts'",
    code: "import x from '../devnet/x.ts';\nexport const y = x;\n",
    message: /imports only shared\/ and pure packages/,
  },
  {
    name: "import x from '../electron/main.ts'",
    code: "import x from '../electron/main.ts';\nexport const y = x;\n",
    message: /imports only shared\/ and pure packages/,
  },
  { name: "import x from '../test/x.ts'", code: "import x from '../test/x.ts';\nexport const y = x;\n", message: /imports only shared\/ and pure packages/ },
  {
    name: "import { Command } from 'commander' (not a dependency of shared/)",
    code: "import { Command } from 'commander';\nexport const y = Command;\n",
    message: /its pure npm dependencies/,
  },
  {
    name: "import Database from '@napi-rs/keyring'",
    code: "import { Entry } from '@napi-rs/keyring';\nexport const y = Entry;\n",
    message: /may not import native modules/,
  },
];

const GLOBAL_PROBES: Array<{ name: string; code: string }> = [
  { name: 'window', code: 'export const w = window;\n' },
  { name: 'document', code: 'export const d = document.title;\n' },
  { name: 'process', code: 'export const p = process.env;\n' },
  { name: 'Buffer', code: "export const b = Buffer.from('x');\n" },
];

describe('shared/ may not import Node builtins, Electron, native modules or other folders', () => {
  for (const probe of IMPORT_PROBES) {
    it(`${probe.name} is an error in shared/`, async () => {
      const hits = ruleHits(await lint(probe.code, 'shared/__probe__.ts'), 'no-restricted-imports');
      // One import may match two bans ('../electron/x' is both Electron and another folder).
      expect(hits.length).toBeGreaterThanOrEqual(1);
      expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(probe.message));
    });

    it(`${probe.name} is allowed in devnet/`, async () => {
      expect(ruleHits(await lint(probe.code, 'devnet/__probe__.ts'), 'no-restricted-imports')).toEqual([]);
    });
  }

  it('importing another shared/ module and its npm dependencies is allowed', async () => {
    const code = [
      "import { fail } from './errors.ts';",
      "import { AccountSchema } from './gen/protocol/core_pb.ts';",
      "import { sha256 } from '@noble/hashes/sha2.js';",
      "import * as secp from '@noble/secp256k1';",
      "import { base58 } from '@scure/base';",
      "import { create } from '@bufbuild/protobuf';",
      "import * as ecc from 'tiny-secp256k1';",
      "import * as v from 'valibot';",
      'export const x = [fail, AccountSchema, sha256, secp, base58, create, ecc, v];',
      '',
    ].join('\n');
    expect(await lint(code, 'shared/__probe__.ts')).toEqual([]);
  });
});

describe('shared/ may not use DOM or Node globals', () => {
  for (const probe of GLOBAL_PROBES) {
    it(`${probe.name} is an error in shared/`, async () => {
      const hits = ruleHits(await lint(probe.code, 'shared/__probe__.ts'), 'no-restricted-globals');
      expect(hits).toHaveLength(1);
      expect(hits[0]!.message).toContain(`no ${probe.name}`);
    });

    it(`${probe.name} is not restricted in devnet/`, async () => {
      expect(ruleHits(await lint(probe.code, 'devnet/__probe__.ts'), 'no-restricted-globals')).toEqual([]);
    });
  }
});

/** [probe name, code, file it is linted as, message the rule gives]. */
const FOLDER_PROBES: Array<[string, string, string, RegExp]> = [
  [
    'renderer/ importing electron/',
    "import x from '../electron/station/api.ts';\nexport const y = x;\n",
    'renderer/__probe__.ts',
    /renderer\/ may not import electron/,
  ],
  [
    'renderer/ importing Electron',
    "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n",
    'renderer/src/__probe__.ts',
    /renderer\/ may not import electron/,
  ],
  ['renderer/ importing node:fs', "import fs from 'node:fs';\nexport const y = fs;\n", 'renderer/__probe__.ts', /no Node builtins/],
  ['renderer/ importing fs', "import fs from 'fs';\nexport const y = fs;\n", 'renderer/__probe__.ts', /no Node builtins/],
  ['renderer/ importing devnet/', "import x from '../../devnet/node.ts';\nexport const y = x;\n", 'renderer/__probe__.ts', /renderer\/ imports only shared\//],
  ['renderer/ importing cli/', "import x from '../../cli/main.ts';\nexport const y = x;\n", 'renderer/src/__probe__.ts', /renderer\/ imports only shared\//],
  [
    'renderer/ importing the signing module shared/chain/keys.ts',
    "import { signDigest } from '../../shared/chain/keys.ts';\nexport const y = signDigest;\n",
    'renderer/__probe__.ts',
    /never imports the signing module/,
  ],
  // The renderer may import any shared/ module, so none of them may carry signing in with it.
  [
    'a shared/ module importing the signing module shared/chain/keys.ts',
    "import { signDigest } from './keys.ts';\nexport const y = signDigest;\n",
    'shared/__probe__.ts',
    /no shared\/ module imports the signing module/,
  ],
  [
    'renderer/ importing the signing library directly',
    "import * as secp from '@noble/secp256k1';\nexport const y = secp;\n",
    'renderer/__probe__.ts',
    /renderer\/ never signs/,
  ],
  [
    'devnet/ importing cli/',
    "import { run } from '../../cli/main.ts';\nexport const y = run;\n",
    'devnet/__probe__.ts',
    /devnet\/ and cli\/ never import each other/,
  ],
  [
    'cli/ importing devnet/',
    "import { startDevnet } from '../../devnet/node.ts';\nexport const y = startDevnet;\n",
    'cli/__probe__.ts',
    /devnet\/ and cli\/ never import each other/,
  ],
  [
    'station/ importing electron',
    "import { app } from 'electron';\nexport const y = app;\n",
    'station/__probe__.ts',
    /Only electron\/shell\/main.ts and preload.ts import Electron/,
  ],
];

describe('folder boundaries: renderer/, devnet/ ⇄ cli/, station/', () => {
  for (const [name, code, file, message] of FOLDER_PROBES) {
    it(`${name} is an error`, async () => {
      const hits = ruleHits(await lint(code, file), 'no-restricted-imports');
      expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(message));
    });
  }

  it('what each folder may import is allowed', async () => {
    const view = "import { transactionView } from '../../shared/views/view.ts';\nexport const y = transactionView;\n";
    expect(ruleHits(await lint(view, 'renderer/__probe__.ts'), 'no-restricted-imports')).toEqual([]);
    const shared = "import { fail } from '../../shared/base/errors.ts';\nexport const y = fail;\n";
    expect(ruleHits(await lint(shared, 'devnet/__probe__.ts'), 'no-restricted-imports')).toEqual([]);
    expect(ruleHits(await lint(shared, 'cli/__probe__.ts'), 'no-restricted-imports')).toEqual([]);
    // The Electron entry file may import electron; station/ may import shared/.
    expect(ruleHits(await lint("import { app } from 'electron';\nexport const y = app;\n", 'electron/shell/main.ts'), 'no-restricted-imports')).toEqual([]);
    expect(ruleHits(await lint(shared, 'station/__probe__.ts'), 'no-restricted-imports')).toEqual([]);
  });
});

describe('the real folders', () => {
  it('devnet/ and cli/ lint with zero errors', async () => {
    const results = await eslint.lintFiles(['devnet/', 'cli/']);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`))).toEqual([]);
  });
});

describe('the real shared/ folder', () => {
  it('lints with zero errors and zero warnings', async () => {
    const results = await eslint.lintFiles(['shared/']);
    const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(problems).toEqual([]);
    // The folder was really linted (generated code is ignored by the config).
    expect(results.map((r) => r.filePath.slice(repoRoot.length)).filter((p) => p.endsWith('transaction.ts'))).toEqual(['shared/chain/transaction.ts']);
  });
});

describe('only the Electron entry files import electron (tests load everything else)', () => {
  for (const path of ['electron/shell/__probe__.ts', 'electron/__probe__.ts', 'test/__probe__.ts']) {
    it(`import from 'electron' is an error in ${path}`, async () => {
      const hits = ruleHits(await lint("import { app } from 'electron';\nexport const x = app;\n", path), 'no-restricted-imports');
      expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(/Only electron\/shell\/main\.ts and preload\.ts import Electron/));
    });
  }

  it("import from 'electron/main' is an error too, while our own ../electron/ files are fine in test/", async () => {
    expect(ruleHits(await lint("import { app } from 'electron/main';\nexport const x = app;\n", 'test/__probe__.ts'), 'no-restricted-imports')).toHaveLength(1);
    expect(
      ruleHits(await lint("import { x } from '../../electron/shell/ipc.ts';\nexport const y = x;\n", 'test/__probe__.ts'), 'no-restricted-imports'),
    ).toEqual([]);
  });

  for (const path of ['electron/shell/main.ts', 'electron/shell/preload.ts']) {
    it(`${path} may import electron`, async () => {
      const hits = ruleHits(await lint("import { app } from 'electron';\nexport const x = app;\n", path), 'no-restricted-imports');
      expect(hits).toEqual([]);
    });
  }
});

/** [probe name, code, file it is linted as, message the layer rule gives, or null: allowed]. */
const LAYER_PROBES: Array<[string, string, string, RegExp | null]> = [
  // shared/ layers: gen < base < chain < contracts < approval < views < files < api.
  [
    'shared/chain/ importing shared/approval/ (up)',
    "import { x } from '../approval/authorization.ts';\nexport const y = x;\n",
    'shared/chain/__probe__.ts',
    /shared\/chain\/ may not import shared\/approval\//,
  ],
  [
    'shared/base/ importing shared/chain/ (up)',
    "import { x } from '../chain/address.ts';\nexport const y = x;\n",
    'shared/base/__probe__.ts',
    /shared\/base\/ may not import shared\/chain\//,
  ],
  [
    'shared/views/ importing shared/api/ (up)',
    "export { x } from '../api/station-api.ts';\n",
    'shared/views/__probe__.ts',
    /shared\/views\/ may not import shared\/api\//,
  ],
  [
    'shared/contracts/permission/ importing shared/files/ (up, from a nested folder)',
    "import { x } from '../../files/proof.ts';\nexport const y = x;\n",
    'shared/contracts/permission/__probe__.ts',
    /shared\/contracts\/ may not import shared\/files\//,
  ],
  [
    'shared/chain/ importing a type from shared/approval/ (types cross)',
    "import type { X } from '../approval/authorization.ts';\nexport type Y = X;\n",
    'shared/chain/__probe__.ts',
    null,
  ],
  [
    'shared/chain/ importing { type X } from shared/views/ (types cross)',
    "import { type X } from '../views/view.ts';\nexport type Y = X;\n",
    'shared/chain/__probe__.ts',
    null,
  ],
  ['shared/api/ importing shared/files/ (down)', "import { x } from '../files/proof.ts';\nexport const y = x;\n", 'shared/api/__probe__.ts', null],
  [
    'shared/base/ importing shared/gen/ (gen is the bottom)',
    "import { x } from '../gen/protocol/core_pb.ts';\nexport const y = x;\n",
    'shared/base/__probe__.ts',
    null,
  ],
  ['shared/chain/ importing shared/chain/ (sideways)', "import { x } from './address.ts';\nexport const y = x;\n", 'shared/chain/__probe__.ts', null],
  // station/ features: any folder but store/, vault/, node/, core/.
  [
    'station/tokens/ importing station/proofs/',
    "import { x } from '../proofs/proofs.ts';\nexport const y = x;\n",
    'station/tokens/__probe__.ts',
    /station\/tokens\/ is a feature and may not import the feature station\/proofs\//,
  ],
  [
    'a new feature station/accounts/ importing station/keys/',
    "import { x } from '../keys/keys.ts';\nexport const y = x;\n",
    'station/accounts/__probe__.ts',
    /station\/accounts\/ is a feature and may not import the feature station\/keys\//,
  ],
  [
    'station/tokens/ importing the composition root',
    "import { Station } from '../station.ts';\nexport const y = Station;\n",
    'station/tokens/__probe__.ts',
    /may not import the composition root station\/station\.ts/,
  ],
  [
    'station/core/ importing the feature station/permissions/ (infrastructure never reaches up)',
    "import { x } from '../permissions/permissions.ts';\nexport const y = x;\n",
    'station/core/__probe__.ts',
    /station\/core\/ is infrastructure the features use and may not import the feature station\/permissions\//,
  ],
  [
    'station/store/ importing the composition root',
    "import { Station } from '../station.ts';\nexport const y = Station;\n",
    'station/store/__probe__.ts',
    /station\/store\/ is infrastructure the features use and may not import the composition root station\/station\.ts/,
  ],
  [
    'station/core/ importing store/ and node/ (infrastructure among itself)',
    "import { a } from '../store/store.ts';\nimport { c } from '../node/node-client.ts';\nexport const y = [a, c];\n",
    'station/core/__probe__.ts',
    null,
  ],
  // store/, vault/ and node/ stand below core/ and beside each other (only type imports cross).
  [
    'station/node/ importing station/core/ (up)',
    "import { x } from '../core/token-details.ts';\nexport const y = x;\n",
    'station/node/__probe__.ts',
    /station\/node\/ sits below station\/core\/ and may not import it/,
  ],
  [
    'station/store/ importing station/core/ (up)',
    "export { x } from '../core/records.ts';\n",
    'station/store/__probe__.ts',
    /station\/store\/ sits below station\/core\/ and may not import it/,
  ],
  [
    'station/vault/ importing station/store/ (sideways at the bottom)',
    "import { x } from '../store/store.ts';\nexport const y = x;\n",
    'station/vault/__probe__.ts',
    /station\/vault\/ may not import station\/store\/ at runtime/,
  ],
  [
    'station/store/ importing a type from station/vault/ (types cross)',
    "import type { X } from '../vault/audit-seal.ts';\nexport type Y = X;\n",
    'station/store/__probe__.ts',
    null,
  ],
  [
    'station/tokens/ importing store/, vault/, node/, core/ and shared/',
    "import { a } from '../store/store.ts';\nimport { b } from '../vault/vault.ts';\nimport { c } from '../node/node-client.ts';\nimport { d } from '../core/errors.ts';\nimport { e } from '../../shared/base/bytes.ts';\nexport const y = [a, b, c, d, e];\n",
    'station/tokens/__probe__.ts',
    null,
  ],
  [
    'station/tokens/ importing a type from station/proofs/ (types cross)',
    "import type { X } from '../proofs/proofs.ts';\nexport type Y = X;\n",
    'station/tokens/__probe__.ts',
    null,
  ],
  [
    'station/station.ts importing every feature (the root)',
    "import { x } from './proofs/proofs.ts';\nimport { y } from './tokens/token-details.ts';\nexport const z = [x, y];\n",
    'station/station.ts',
    null,
  ],
  // Native modules: one folder each.
  [
    'station/tokens/ importing better-sqlite3',
    "import Database from 'better-sqlite3';\nexport const y = Database;\n",
    'station/tokens/__probe__.ts',
    /only station\/store\/ \(and devnet\/, the local node\) imports better-sqlite3/,
  ],
  [
    'electron/shell/ importing better-sqlite3',
    "import Database from 'better-sqlite3';\nexport const y = Database;\n",
    'electron/shell/__probe__.ts',
    /only station\/store\/ .* imports better-sqlite3/,
  ],
  [
    'cli/ importing better-sqlite3',
    "import Database from 'better-sqlite3';\nexport const y = Database;\n",
    'cli/__probe__.ts',
    /only station\/store\/ .* imports better-sqlite3/,
  ],
  ['station/store/ importing better-sqlite3', "import Database from 'better-sqlite3';\nexport const y = Database;\n", 'station/store/__probe__.ts', null],
  ['devnet/ importing better-sqlite3', "import Database from 'better-sqlite3';\nexport const y = Database;\n", 'devnet/__probe__.ts', null],
  [
    'station/store/ importing @napi-rs/keyring',
    "import { Entry } from '@napi-rs/keyring';\nexport const y = Entry;\n",
    'station/store/__probe__.ts',
    /only station\/vault\/ imports @napi-rs\/keyring/,
  ],
  [
    'cli/ importing @napi-rs/keyring',
    "import { Entry } from '@napi-rs/keyring';\nexport const y = Entry;\n",
    'cli/__probe__.ts',
    /only station\/vault\/ imports @napi-rs\/keyring/,
  ],
  ['station/vault/ importing @napi-rs/keyring', "import { Entry } from '@napi-rs/keyring';\nexport const y = Entry;\n", 'station/vault/__probe__.ts', null],
  // renderer/: features, and app/, ui/, forms/.
  [
    'renderer/tokens/ importing renderer/send/',
    "import { x } from '../send/send.svelte.ts';\nexport const y = x;\n",
    'renderer/tokens/__probe__.ts',
    /renderer\/tokens\/ is a feature and may not import the feature renderer\/send\//,
  ],
  [
    'renderer/ui/ importing a feature',
    "import { x } from '../tokens/tokens.svelte.ts';\nexport const y = x;\n",
    'renderer/ui/__probe__.ts',
    /renderer\/ui\/ is shared by the features and may not import the feature renderer\/tokens\//,
  ],
  [
    'renderer/forms/ importing a feature',
    "import { x } from '../tokens/token-rules.ts';\nexport const y = x;\n",
    'renderer/forms/__probe__.ts',
    /renderer\/forms\/ is shared by the features/,
  ],
  [
    'renderer/ui/ importing renderer/forms/',
    "import { x } from '../forms/source-account.svelte.ts';\nexport const y = x;\n",
    'renderer/ui/__probe__.ts',
    /renderer\/ui\/ may not import renderer\/forms\//,
  ],
  [
    'renderer/forms/ importing a type from a feature (types cross)',
    "import type { X } from '../tokens/token-rules.ts';\nexport type Y = X;\n",
    'renderer/forms/__probe__.ts',
    null,
  ],
  [
    'renderer/tokens/ importing app/, ui/, forms/',
    "import { a } from '../app/format.ts';\nimport { b } from '../ui/x.ts';\nimport { c } from '../forms/source-account.svelte.ts';\nexport const y = [a, b, c];\n",
    'renderer/tokens/__probe__.ts',
    null,
  ],
  [
    'renderer/app/ importing every feature (the root)',
    "import { a } from '../tokens/tokens.svelte.ts';\nimport { b } from '../send/send.svelte.ts';\nexport const y = [a, b];\n",
    'renderer/app/__probe__.ts',
    null,
  ],
  // The <script> of a component is read too, at its own line.
  [
    'a .svelte feature component importing another feature',
    '<script lang="ts">\n  import SendScreen from \'../send/SendScreen.svelte\';\n</script>\n\n<SendScreen />\n',
    'renderer/tokens/__Probe__.svelte',
    /renderer\/tokens\/ is a feature and may not import the feature renderer\/send\//,
  ],
  [
    'a .svelte component importing ui/ and app/',
    "<script lang=\"ts\">\n  import AddressText from '../ui/AddressText.svelte';\n  import { shown } from '../app/format.ts';\n</script>\n\n<AddressText address={shown('x')} />\n",
    'renderer/tokens/__Probe__.svelte',
    null,
  ],
];

describe('import layers (issue 15): shared/ layers, station/ and renderer/ features, native modules', () => {
  for (const [name, code, file, message] of LAYER_PROBES) {
    it(`${name} is ${message ? 'an error' : 'allowed'}`, async () => {
      const hits = ruleHits(await lint(code, file), 'airlock/layers');
      if (message === null) expect(hits).toEqual([]);
      else expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(message));
    });
  }

  it('the rule reports a .svelte import at its own line', async () => {
    const [result] = await eslint.lintText("<script lang=\"ts\">\n  import { a } from './x.ts';\n  import S from '../send/SendScreen.svelte';\n</script>\n", {
      filePath: 'renderer/tokens/__Probe__.svelte',
    });
    expect(result!.messages.filter((m) => m.ruleId === 'airlock/layers').map((m) => m.line)).toEqual([3]);
  });

  it('the renderer boundary applies to .svelte scripts too', async () => {
    const hits = ruleHits(
      await lint('<script lang="ts">\n  import fs from \'node:fs\';\n</script>\n', 'renderer/tokens/__Probe__.svelte'),
      'no-restricted-imports',
    );
    expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(/no Node builtins/));
  });

  it('each listed exception still exists (the list only shrinks: delete a line when its import goes)', async () => {
    // A computed specifier: the config is plain JavaScript with no declarations for the type checker.
    const config = new URL('../../eslint.config.js', import.meta.url).href;
    const { LAYER_EXCEPTIONS } = (await import(config)) as { LAYER_EXCEPTIONS: Array<{ from: string; to: string }> };
    expect(LAYER_EXCEPTIONS.length).toBeGreaterThan(0);
    for (const e of LAYER_EXCEPTIONS) {
      expect(existsSync(`${repoRoot}${e.from}`), e.from).toBe(true);
      expect(readFileSync(`${repoRoot}${e.from}`, 'utf8'), `${e.from} → ${e.to}`).toContain(`/${basename(e.to)}'`);
    }
  });
});

describe('only station/node/ calls the global fetch', () => {
  for (const file of ['station/tokens/__probe__.ts', 'station/__probe__.ts', 'electron/shell/__probe__.ts', 'cli/__probe__.ts', 'devnet/__probe__.ts']) {
    it(`fetch() is an error in ${file}`, async () => {
      const hits = ruleHits(await lint("export const r = fetch('http://x');\n", file), 'no-restricted-globals');
      expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(/only station\/node\/ calls fetch/));
    });
  }

  it('globalThis.fetch is an error too', async () => {
    const hits = ruleHits(await lint("export const r = globalThis.fetch('http://x');\n", 'station/tokens/__probe__.ts'), 'no-restricted-properties');
    expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(/only station\/node\/ calls fetch/));
  });

  it('station/node/ may call fetch', async () => {
    expect(ruleHits(await lint("export const r = fetch('http://x');\n", 'station/node/__probe__.ts'), 'no-restricted-globals')).toEqual([]);
  });
});

describe('the real station/, electron/ and renderer/ folders', () => {
  it('keep the import layers (components included)', { timeout: 180_000 }, async () => {
    const results = await eslint.lintFiles(['station/', 'electron/', 'renderer/']);
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}:${m.line} ${m.ruleId}: ${m.message}`))).toEqual([]);
    // The components were really read.
    expect(results.some((r) => r.filePath.endsWith('TokensScreen.svelte'))).toBe(true);
  });
});

describe('tests never skip (a missing prerequisite fails instead)', () => {
  const SKIPS = [
    "it.skip('x', () => {});",
    "it.skipIf(true)('x', () => {});",
    "describe.runIf(false)('x', () => {});",
    "test.todo('x');",
    "describe.only('x', () => {});",
    "it('x', (ctx) => { ctx.skip(); });",
  ];
  for (const code of SKIPS) {
    for (const file of ['station/vault/__probe__.test.ts', 'test/browser/__probe__.test.ts']) {
      it(`${code} is an error in ${file}`, async () => {
        const hits = ruleHits(
          await lint(`import { describe, it, test } from 'vitest';\nexport const u = [describe, it, test];\n${code}\n`, file),
          'no-restricted-properties',
        );
        expect(hits.map((h) => h.message)).toContainEqual(expect.stringMatching(/tests never skip/));
      });
    }
  }
});
