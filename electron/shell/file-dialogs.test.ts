/**
 * Open and save dialogs as handler dependencies (docs/decisions.md §8). The dialog itself is Electron's, across
 * our boundary, so it is a fake that "picks" real files on disk; the reading and writing are real.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileDialogs, HANDOFF_FILTERS, type DialogBackend } from './file-dialogs.ts';
import { parseLaunchArgs } from './launch-options.ts';
import { AirlockError } from '../../shared/base/errors.ts';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'airlock-dialogs-'));
  writeFileSync(join(dir, 'a.json'), '{"format":"airlock.handoff"}');
  writeFileSync(join(dir, 'b.json'), '{"b":1}');
  writeFileSync(join(dir, 'big.json'), 'x'.repeat(101));
  writeFileSync(join(dir, 'latin1.json'), Buffer.from([0x7b, 0xe9, 0x7d]));
  mkdirSync(join(dir, 'folder.json'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function backend(picked: string[] | null, savePath?: string): DialogBackend & { seen: unknown[] } {
  const seen: unknown[] = [];
  return {
    seen,
    showOpenDialog: async (options) => {
      seen.push(options);
      return picked === null ? { canceled: true, filePaths: [] } : { canceled: false, filePaths: picked };
    },
    showSaveDialog: async (options) => {
      seen.push(options);
      return savePath === undefined ? { canceled: true } : { canceled: false, filePath: savePath };
    },
  };
}

const limits = { maxBytes: 100, maxFiles: 2 };
const open = { title: 'Import', filters: [...HANDOFF_FILTERS], multiple: true };

async function openError(paths: string[]): Promise<AirlockError> {
  try {
    await createFileDialogs(backend(paths), limits).openFiles(open);
  } catch (error) {
    if (error instanceof AirlockError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('open dialog', () => {
  it('returns the picked files as text with their names, and nothing when cancelled', async () => {
    const files = await createFileDialogs(backend([join(dir, 'a.json'), join(dir, 'b.json')]), limits).openFiles(open);
    expect(files).toEqual([
      { name: 'a.json', text: '{"format":"airlock.handoff"}' },
      { name: 'b.json', text: '{"b":1}' },
    ]);
    const cancelled = backend(null);
    expect(await createFileDialogs(cancelled, limits).openFiles({ ...open, multiple: false })).toEqual([]);
    expect(cancelled.seen[0]).toMatchObject({ properties: ['openFile'], filters: HANDOFF_FILTERS });
  });

  it('refuses a file over the limit, a directory, bytes that are not UTF-8 and too many files, naming the file', async () => {
    expect(await openError([join(dir, 'big.json')])).toMatchObject({ code: 'INVALID_INPUT', message: 'big.json: larger than 100 bytes' });
    expect(await openError([join(dir, 'folder.json')])).toMatchObject({ code: 'INVALID_INPUT', message: 'folder.json: not a file' });
    expect(await openError([join(dir, 'latin1.json')])).toMatchObject({ code: 'INVALID_INPUT', message: 'latin1.json: not UTF-8 text' });
    expect(await openError([join(dir, 'a.json'), join(dir, 'a.json'), join(dir, 'a.json')])).toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('save dialog', () => {
  it('writes the text where the person chose, readable by its owner only', async () => {
    const target = join(dir, 'out.json');
    const result = await createFileDialogs(backend(null, target), limits).saveFile({
      title: 'Export',
      suggestedName: 'tx.json',
      filters: [...HANDOFF_FILTERS],
      text: '{"x":1}',
    });
    expect(result).toEqual({ saved: true, name: 'out.json' });
    expect(readFileSync(target, 'utf8')).toBe('{"x":1}');
    expect(statSync(target).mode & 0o077).toBe(0);
  });

  it('writes nothing when cancelled', async () => {
    expect(await createFileDialogs(backend(null), limits).saveFile({ title: 'Export', suggestedName: 'tx.json', filters: [], text: 'x' })).toEqual({
      saved: false,
    });
  });
});

describe('--data-dir', () => {
  it('is read in both spellings and made absolute; other arguments are ignored', () => {
    expect(parseLaunchArgs(['.', '--data-dir', 'stations/a', '--enable-logging'], '/home/u')).toEqual({ dataDir: '/home/u/stations/a' });
    expect(parseLaunchArgs(['--data-dir=/srv/b'], '/home/u')).toEqual({ dataDir: '/srv/b' });
    expect(parseLaunchArgs(['--no-sandbox'], '/home/u')).toEqual({ dataDir: undefined });
  });

  it('without a directory is an error', () => {
    expect(() => parseLaunchArgs(['--data-dir'], '/')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: '--data-dir' } }));
    expect(() => parseLaunchArgs(['--data-dir', '--other'], '/')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: '--data-dir' } }));
    expect(() => parseLaunchArgs(['--data-dir='], '/')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', details: { field: '--data-dir' } }));
  });
});
