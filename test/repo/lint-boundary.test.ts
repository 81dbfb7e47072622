/**
 * The runtime boundaries of STYLE.md habit 1 and issue 6, as eslint.config.js enforces them: code
 * in shared/ runs in Node, the browser and Electron alike, so it may import no `node:*` or bare
 * Node builtin, no Electron, no native module, nothing outside shared/ and no npm package that is
 * not one of its dependencies, and may use no DOM or Node global; renderer/ imports only shared/
 * (never the signing module shared/chain/keys.ts); devnet/ and cli/ never import each other;
 * station/ never imports electron. Each probe is linted as if it lived in the folder the
 * rule guards (must fire) and, where it makes sense, in a folder it does not guard (must not), so
 * deleting a rule from the config fails this file. The real folders must lint clean.
 */
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
  { name: "import Database from 'better-sqlite3'", code: "import Database from 'better-sqlite3';\nexport const x = Database;\n", message: /may not import native modules/ },
  { name: "import x from '../devnet/x.ts'", code: "import x from '../devnet/x.ts';\nexport const y = x;\n", message: /imports only shared\/ and pure packages/ },
  { name: "import x from '../electron/main.ts'", code: "import x from '../electron/main.ts';\nexport const y = x;\n", message: /imports only shared\/ and pure packages/ },
  { name: "import x from '../test/x.ts'", code: "import x from '../test/x.ts';\nexport const y = x;\n", message: /imports only shared\/ and pure packages/ },
  { name: "import { Command } from 'commander' (not a dependency of shared/)", code: "import { Command } from 'commander';\nexport const y = Command;\n", message: /its pure npm dependencies/ },
  { name: "import Database from '@napi-rs/keyring'", code: "import { Entry } from '@napi-rs/keyring';\nexport const y = Entry;\n", message: /may not import native modules/ },
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
  ['renderer/ importing electron/', "import x from '../electron/station/api.ts';\nexport const y = x;\n", 'renderer/__probe__.ts', /renderer\/ may not import electron/],
  ['renderer/ importing Electron', "import { ipcRenderer } from 'electron';\nexport const y = ipcRenderer;\n", 'renderer/src/__probe__.ts', /renderer\/ may not import electron/],
  ['renderer/ importing node:fs', "import fs from 'node:fs';\nexport const y = fs;\n", 'renderer/__probe__.ts', /no Node builtins/],
  ['renderer/ importing fs', "import fs from 'fs';\nexport const y = fs;\n", 'renderer/__probe__.ts', /no Node builtins/],
  ['renderer/ importing devnet/', "import x from '../../devnet/node.ts';\nexport const y = x;\n", 'renderer/__probe__.ts', /renderer\/ imports only shared\//],
  ['renderer/ importing cli/', "import x from '../../cli/main.ts';\nexport const y = x;\n", 'renderer/src/__probe__.ts', /renderer\/ imports only shared\//],
  ['renderer/ importing the signing module shared/chain/keys.ts', "import { signDigest } from '../../shared/chain/keys.ts';\nexport const y = signDigest;\n", 'renderer/__probe__.ts', /never imports the signing module/],
  // The renderer may import any shared/ module, so none of them may carry signing in with it.
  ['a shared/ module importing the signing module shared/chain/keys.ts', "import { signDigest } from './keys.ts';\nexport const y = signDigest;\n", 'shared/__probe__.ts', /no shared\/ module imports the signing module/],
  ['renderer/ importing the signing library directly', "import * as secp from '@noble/secp256k1';\nexport const y = secp;\n", 'renderer/__probe__.ts', /renderer\/ never signs/],
  ['devnet/ importing cli/', "import { run } from '../../cli/main.ts';\nexport const y = run;\n", 'devnet/__probe__.ts', /devnet\/ and cli\/ never import each other/],
  ['cli/ importing devnet/', "import { startDevnet } from '../../devnet/node.ts';\nexport const y = startDevnet;\n", 'cli/__probe__.ts', /devnet\/ and cli\/ never import each other/],
  ['station/ importing electron', "import { app } from 'electron';\nexport const y = app;\n", 'station/__probe__.ts', /Only electron\/shell\/main.ts and preload.ts import Electron/],
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
    expect(ruleHits(await lint("import { x } from '../../electron/shell/ipc.ts';\nexport const y = x;\n", 'test/__probe__.ts'), 'no-restricted-imports')).toEqual([]);
  });

  for (const path of ['electron/shell/main.ts', 'electron/shell/preload.ts']) {
    it(`${path} may import electron`, async () => {
      const hits = ruleHits(await lint("import { app } from 'electron';\nexport const x = app;\n", path), 'no-restricted-imports');
      expect(hits).toEqual([]);
    });
  }
});
