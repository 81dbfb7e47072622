/**
 * The packaging configuration, checked without Electron's download (docs/decisions.md §8): electron-builder.yml
 * passes electron-builder's own schema validation, turns off running as Node, NODE_OPTIONS and the
 * inspector with its fuses, unpacks every native module from the asar, builds the three platforms'
 * targets, and points at icons of the sizes each platform uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import type { Configuration } from 'app-builder-lib';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const quietLogger = { isEnabled: false, add: () => undefined } as unknown as Parameters<typeof validateConfiguration>[1];
let config: Configuration;

beforeAll(async () => {
  config = await getConfig(repoRoot, join(repoRoot, 'electron-builder.yml'), null);
});

function targets(platform: unknown): string[] {
  const t = (platform as { target?: unknown }).target;
  return (Array.isArray(t) ? t : [t]).map((x) => (typeof x === 'string' ? x : (x as { target: string }).target));
}

/** Width and height from a PNG's IHDR. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema', async () => {
    await expect(validateConfiguration(config, quietLogger)).resolves.toBeUndefined();
  });

  it('the schema check is live: a misspelt fuse is refused', async () => {
    const broken = { ...config, electronFuses: { ...config.electronFuses, runAsNod: false } } as Configuration;
    await expect(validateConfiguration(broken, quietLogger)).rejects.toThrow(/configuration\.electronFuses/);
  });

  it('names the app and its build directories', () => {
    expect(config.appId).toBe('org.airlock.station');
    expect(config.productName).toBe('Airlock');
    expect(config.directories).toMatchObject({ output: 'dist', buildResources: 'build' });
    // getConfig normalises `files` into file sets; the patterns are their filters.
    const files = (config.files as Array<{ filter: string[] }>).flatMap((set) => set.filter);
    expect(files).toEqual(expect.arrayContaining(['out/main/**', 'out/preload/**', 'package.json']));
  });

  it('fuses: no running as Node, no NODE_OPTIONS, no inspector; asar integrity and cookie encryption on', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('every native module in the installed tree is unpacked from the asar', () => {
    const patterns = config.asarUnpack as string[];
    const natives: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.node')) natives.push(relative(repoRoot, path));
      }
    };
    walk(join(repoRoot, 'node_modules', 'better-sqlite3'));
    walk(join(repoRoot, 'node_modules', '@napi-rs'));
    expect(natives.length).toBeGreaterThan(1);
    expect(natives.some((p) => p.includes('keyring'))).toBe(true);
    for (const path of natives) {
      expect(
        patterns.some((pattern) => minimatch(path, pattern, { dot: true })),
        path,
      ).toBe(true);
    }
    // The JavaScript beside the binaries must come out too: better-sqlite3 loads its binary by path.
    expect(patterns.some((pattern) => minimatch('node_modules/better-sqlite3/lib/database.js', pattern))).toBe(true);
  });

  it('targets AppImage and deb on Linux, dmg on macOS, nsis on Windows', () => {
    expect(targets(config.linux)).toEqual(['AppImage', 'deb']);
    expect(targets(config.mac)).toEqual(['dmg']);
    expect(targets(config.win)).toEqual(['nsis']);
  });

  it('icons: 1024 px source for macOS, 16 to 512 px for Linux, a 7-size ICO for Windows', () => {
    expect(pngSize(join(repoRoot, config.mac!.icon!))).toEqual([1024, 1024]);
    const linuxDir = join(repoRoot, config.linux!.icon!);
    const sizes = readdirSync(linuxDir).map((name) => {
      const [w, h] = pngSize(join(linuxDir, name));
      expect(name).toBe(`${w}x${h}.png`);
      return w;
    });
    expect(sizes.sort((a, b) => a - b)).toEqual([16, 32, 48, 64, 128, 256, 512]);
    const ico = readFileSync(join(repoRoot, config.win!.icon!));
    expect(ico.readUInt16LE(2)).toBe(1);
    const count = ico.readUInt16LE(4);
    const widths = Array.from({ length: count }, (_, i) => ico.readUInt8(6 + 16 * i) || 256);
    expect(widths).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });
});
