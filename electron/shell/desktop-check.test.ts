// When `npm start` can open the desktop window (electron/shell/desktop-check.ts, docs/decisions.md §8): a display
// on Linux, and Electron's binary where the electron package's path.txt says, found without running
// the package (which would try to download). The package layouts are real files in a temporary
// directory; nothing imports electron.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkDesktop, findElectronBinary, hasDisplay } from './desktop-check.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-desktop-'));
  writeFileSync(join(dir, 'package.json'), '{}');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const inDir = (): string => join(dir, 'package.json');
const missing = (): string => {
  throw Object.assign(new Error("Cannot find module 'electron/package.json'"), { code: 'MODULE_NOT_FOUND' });
};

describe('hasDisplay', () => {
  it('needs DISPLAY or WAYLAND_DISPLAY on Linux, nothing on macOS and Windows', () => {
    expect(hasDisplay({}, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: '' }, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(hasDisplay({}, 'darwin')).toBe(true);
    expect(hasDisplay({}, 'win32')).toBe(true);
  });
});

describe('findElectronBinary', () => {
  it('says the package is not installed', () => {
    expect(findElectronBinary({}, missing)).toEqual({ ok: false, reason: 'the electron package is not installed' });
  });

  it('says the binary is not installed when path.txt is absent (the download never ran)', () => {
    expect(findElectronBinary({}, inDir)).toEqual({ ok: false, reason: "Electron's binary is not installed (its download did not run or failed)" });
  });

  it('says the binary is missing when path.txt names a file that is not there', () => {
    writeFileSync(join(dir, 'path.txt'), 'electron');
    expect(findElectronBinary({}, inDir)).toEqual({ ok: false, reason: `Electron's binary is missing (${join(dir, 'dist', 'electron')})` });
  });

  it('finds the binary under dist/, or under ELECTRON_OVERRIDE_DIST_PATH', () => {
    writeFileSync(join(dir, 'path.txt'), 'electron');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), '');
    expect(findElectronBinary({}, inDir)).toEqual({ ok: true, binary: join(dir, 'dist', 'electron') });
    mkdirSync(join(dir, 'elsewhere'));
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'elsewhere') }, inDir)).toMatchObject({ ok: false });
    writeFileSync(join(dir, 'elsewhere', 'electron'), '');
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: join(dir, 'elsewhere') }, inDir)).toEqual({
      ok: true,
      binary: join(dir, 'elsewhere', 'electron'),
    });
  });

  it("reads this repository's electron package without running it: no binary on this machine", () => {
    expect(findElectronBinary({})).toEqual({ ok: false, reason: "Electron's binary is not installed (its download did not run or failed)" });
  });
});

describe('checkDesktop', () => {
  it('puts the missing display first, then the binary', () => {
    writeFileSync(join(dir, 'path.txt'), 'electron');
    mkdirSync(join(dir, 'dist'));
    writeFileSync(join(dir, 'dist', 'electron'), '');
    expect(checkDesktop({}, 'linux', inDir)).toEqual({ ok: false, reason: 'no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' });
    expect(checkDesktop({ DISPLAY: ':0' }, 'linux', inDir)).toEqual({ ok: true, binary: join(dir, 'dist', 'electron') });
    expect(checkDesktop({ DISPLAY: ':0' }, 'linux', missing)).toEqual({ ok: false, reason: 'the electron package is not installed' });
  });
});
