/**
 * Whether `npm start` can open the desktop window (docs/decisions.md §8): it needs a display and Electron's
 * binary. When either is missing (as on this project's development and CI machines) the answer is
 * one sentence saying which, and `npm start` serves the station through the loopback bridge.
 *
 * Invariants: nothing here loads or runs Electron, and nothing downloads it. The `electron` npm
 * package's own index.js would start a download when its binary is missing, so the binary is found
 * the way that file finds it (path.txt under the package, then dist/, or ELECTRON_OVERRIDE_DIST_PATH)
 * without running it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export type DesktopCheck = { ok: true; binary: string } | { ok: false; reason: string };

/** The Electron executable installed under node_modules, or why there is none. */
export function findElectronBinary(env: NodeJS.ProcessEnv = process.env, resolvePackage: () => string = defaultPackageJson): DesktopCheck {
  let dir: string;
  try {
    dir = dirname(resolvePackage());
  } catch {
    return { ok: false, reason: 'the electron package is not installed' };
  }
  let relative: string;
  try {
    relative = readFileSync(join(dir, 'path.txt'), 'utf8').trim();
  } catch {
    return { ok: false, reason: "Electron's binary is not installed (its download did not run or failed)" };
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, relative || 'electron') : join(dir, 'dist', relative);
  if (relative === '' || !existsSync(binary)) return { ok: false, reason: `Electron's binary is missing (${binary})` };
  return { ok: true, binary };
}

function defaultPackageJson(): string {
  return createRequire(import.meta.url).resolve('electron/package.json');
}

/** A window needs a display server on Linux and the BSDs; macOS and Windows always have one. */
export function hasDisplay(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'darwin' || platform === 'win32') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

/** The display first: without one, whether the binary exists does not matter. */
export function checkDesktop(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, resolvePackage?: () => string): DesktopCheck {
  if (!hasDisplay(env, platform)) return { ok: false, reason: 'no display (neither DISPLAY nor WAYLAND_DISPLAY is set)' };
  return findElectronBinary(env, resolvePackage);
}
