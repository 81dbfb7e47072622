/**
 * Open and save dialogs for handoff and snapshot files (docs/decisions.md §8), as a dependency the station's
 * handlers receive: in the desktop app they are Electron's native dialogs, passed in by main.ts;
 * behind the bridge there is no native dialog and the renderer uses the browser's file input and
 * download instead. This file never imports `electron`.
 *
 * Invariant: what a dialog hands back is bounded UTF-8 text. A file over `maxBytes`, a directory or
 * bytes that are not UTF-8 are refused with a coded error naming the file, never read into memory
 * whole or echoed.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';

import { fail } from '../../shared/base/errors.ts';
import { MAX_FILE_BYTES } from '../../shared/base/limits.ts';

export interface FileFilter {
  name: string;
  extensions: string[];
}

/** The part of Electron's `dialog` used, already bound to the station window. */
export interface DialogBackend {
  showOpenDialog(options: {
    title: string;
    filters: FileFilter[];
    properties: Array<'openFile' | 'multiSelections'>;
  }): Promise<{ canceled: boolean; filePaths: string[] }>;
  showSaveDialog(options: { title: string; defaultPath: string; filters: FileFilter[] }): Promise<{ canceled: boolean; filePath?: string }>;
}

export interface OpenedFile {
  name: string;
  text: string;
}

export interface FileDialogs {
  /** The files the person picked, as text; empty when they cancelled. */
  openFiles(request: { title: string; filters: FileFilter[]; multiple: boolean }): Promise<OpenedFile[]>;
  /** Writes `text` where the person chose; `saved: false` when they cancelled. */
  saveFile(request: { title: string; suggestedName: string; filters: FileFilter[]; text: string }): Promise<{ saved: boolean; name?: string }>;
}

export const HANDOFF_FILTERS: readonly FileFilter[] = Object.freeze([{ name: 'Airlock handoff or transaction JSON', extensions: ['json', 'airlock'] }]);

const decoder = new TextDecoder('utf-8', { fatal: true });

export function createFileDialogs(
  backend: DialogBackend,
  limits: { maxBytes: number; maxFiles: number } = { maxBytes: MAX_FILE_BYTES, maxFiles: 50 },
): FileDialogs {
  return {
    async openFiles(request) {
      const picked = await backend.showOpenDialog({
        title: request.title,
        filters: request.filters,
        properties: request.multiple ? ['openFile', 'multiSelections'] : ['openFile'],
      });
      if (picked.canceled) return [];
      if (picked.filePaths.length > limits.maxFiles) fail('INVALID_INPUT', `at most ${limits.maxFiles} files at once`, { field: 'files' });
      const files: OpenedFile[] = [];
      for (const path of picked.filePaths) {
        const name = basename(path);
        const info = await stat(path);
        if (!info.isFile()) fail('INVALID_INPUT', `${name}: not a file`, { field: 'file', file: name });
        if (info.size > limits.maxBytes) fail('INVALID_INPUT', `${name}: larger than ${limits.maxBytes} bytes`, { field: 'file', file: name });
        const bytes = await readFile(path);
        if (bytes.length > limits.maxBytes) fail('INVALID_INPUT', `${name}: larger than ${limits.maxBytes} bytes`, { field: 'file', file: name });
        let text: string;
        try {
          text = decoder.decode(bytes);
        } catch {
          fail('INVALID_INPUT', `${name}: not UTF-8 text`, { field: 'file', file: name });
        }
        files.push({ name, text });
      }
      return files;
    },
    async saveFile(request) {
      const chosen = await backend.showSaveDialog({ title: request.title, defaultPath: request.suggestedName, filters: request.filters });
      if (chosen.canceled || chosen.filePath === undefined || chosen.filePath === '') return { saved: false };
      await writeFile(chosen.filePath, request.text, { encoding: 'utf8', mode: 0o600 });
      return { saved: true, name: basename(chosen.filePath) };
    },
  };
}
