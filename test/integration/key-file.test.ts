/**
 * Key files on disk (cli/key-file.ts, cli/io.ts readOwnerOnlyFile; docs/decisions.md §6 "key files"): a key
 * file that group or others may read or write is refused before it is read, with the command that
 * fixes it, as ssh refuses an unprotected private key; the bytes are read into one buffer and that
 * whole buffer is wiped after use. Real files in a temporary folder, read by the real nodeIo().
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToHex, utf8ToBytes } from '../../shared/base/bytes.ts';
import { generatePrivateKey } from '../../shared/chain/keys.ts';
import { parseJson, stringifyJson } from '../../shared/base/json.ts';
import { run } from '../../cli/main.ts';
import { nodeIo, readOwnerOnlyFile, type CliIo } from '../../cli/io.ts';
import { privateKeyFromFileBytes } from '../../cli/key-file.ts';
import { SECRET_FILE_MAX_BYTES } from '../../shared/base/limits.ts';

const KEY = bytesToHex(generatePrivateKey());
const TRANSFER_HEX =
  '0a02d8ed22082e066c3259e756f540a090bcea89305a67080112630a2d747970652e676f6f676c65617069732e636f6d2f70726f746f636f6c2e5472616e73666572436f6e747261637412320a154119e7e376e7c213b7e7e7e46cc70a5dd086daff2a1215412bd0c9fe079c8fca0e3352eb3d02839c371e5c4118c0843d70b2ccb8ea8930';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-keyfile-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keyFile(name: string, mode: number, content = `${KEY}\n`): string {
  const path = join(dir, name);
  writeFileSync(path, content, { mode: 0o600 });
  chmodSync(path, mode); // writeFileSync's mode passes through the umask; chmod does not.
  return path;
}

/** nodeIo() with stdout and stderr captured and every secret buffer it hands out kept. */
async function sign(path: string) {
  let stdout = '';
  let stderr = '';
  const handedOut: Uint8Array[] = [];
  const real = nodeIo();
  const io: CliIo = {
    ...real,
    readStdin: async () => utf8ToBytes(stringifyJson({ raw_data_hex: TRANSFER_HEX })),
    readSecretFile: async (p) => {
      const bytes = await real.readSecretFile(p);
      handedOut.push(bytes);
      return bytes;
    },
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => 1651906600000,
  };
  const code = await run(['tx', 'sign', '-', '--key-file', path], io);
  return { code, stdout, stderr, handedOut };
}

describe('a key file others may read or write is refused, with the fix', () => {
  for (const mode of [0o644, 0o640, 0o604, 0o620, 0o602, 0o660, 0o666, 0o700 | 0o004]) {
    const octal = mode.toString(8).padStart(4, '0');
    it(`mode ${octal}`, async () => {
      const path = keyFile(`k-${octal}`, mode);
      const r = await sign(path);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.handedOut).toEqual([]);
      const { error } = parseJson(r.stderr) as { error: { code: string; message: string; details: Record<string, unknown> } };
      expect(error).toEqual({
        code: 'INVALID_INPUT',
        message: `key file: permissions ${octal} for ${path} are too open: a private key file must be readable and writable by its owner only, so it was not read. Fix: chmod 600 ${path}`,
        details: { path, mode: octal, fix: `chmod 600 ${path}` },
      });
      expect(r.stderr).not.toContain(KEY);
    });
  }

  it('a path with a space gets a fix that can be pasted into a shell', async () => {
    mkdirSync(join(dir, 'my keys'), { recursive: true });
    const path = keyFile("my keys/bob's key", 0o644);
    const r = await sign(path);
    expect((parseJson(r.stderr) as { error: { details: { fix: string } } }).error.details.fix).toBe(`chmod 600 '${dir}/my keys/bob'\\''s key'`);
  });

  it('modes 0600 and 0400 are accepted, and sign', async () => {
    for (const mode of [0o600, 0o400]) {
      const r = await sign(keyFile(`ok-${mode.toString(8)}`, mode));
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect((parseJson(r.stdout) as { signature: string[] }).signature).toHaveLength(1);
    }
  });
});

describe('the buffer the key is read into is the only copy, and it is wiped', () => {
  it('readOwnerOnlyFile returns a view of the buffer it read into: the file bytes are there, nowhere else', () => {
    const view = readOwnerOnlyFile(keyFile('k-view', 0o600));
    expect(new TextDecoder().decode(view)).toBe(`${KEY}\n`);
    const whole = new Uint8Array(view.buffer, 0, view.buffer.byteLength);
    // The backing store holds the file at the view's place and nothing but zeros around it.
    expect(Buffer.from(whole).indexOf(Buffer.from(KEY))).toBe(view.byteOffset);
    const key = privateKeyFromFileBytes(view);
    expect(bytesToHex(key)).toBe(KEY);
    expect(whole.every((b) => b === 0)).toBe(true);
  });

  it('after tx sign, every byte of every buffer the key file was read into is zero', async () => {
    const r = await sign(keyFile('k-sign', 0o600));
    expect(r.code).toBe(0);
    expect(r.handedOut).toHaveLength(1);
    for (const view of r.handedOut) expect(new Uint8Array(view.buffer).every((b) => b === 0)).toBe(true);
  });

  it('after a refused key (bad content), the buffer is wiped too', async () => {
    const r = await sign(keyFile('k-bad', 0o600, `${KEY}zz\n`));
    expect(r.code).toBe(1);
    expect(r.handedOut).toHaveLength(1);
    expect(new Uint8Array(r.handedOut[0]!.buffer).every((b) => b === 0)).toBe(true);
  });
});

describe('what is not a key file', () => {
  it(`a file over ${SECRET_FILE_MAX_BYTES} bytes is refused (BAD_KEY), a directory and a missing file are named`, async () => {
    const big = await sign(keyFile('k-big', 0o600, `${KEY}\n`.repeat(100)));
    expect((parseJson(big.stderr) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'BAD_KEY',
      message: `key file: ${dir}/k-big is larger than ${SECRET_FILE_MAX_BYTES} bytes, so it is not a key file`,
    });
    expect(big.stderr).not.toContain(KEY.slice(0, 16));
    const folder = await sign(dir);
    expect((parseJson(folder.stderr) as { error: { message: string } }).error.message).toBe(`key file: is a directory: ${dir}`);
    const missing = await sign(join(dir, 'nope'));
    expect((parseJson(missing.stderr) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });
});
