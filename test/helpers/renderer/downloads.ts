/**
 * The files a screen saves, in a jsdom component test (renderer/app/save-file.ts makes an object
 * URL and clicks an anchor; the browser's save prompt is across our boundary). jsdom has no object
 * URLs and does not navigate, so the download is read from the anchor clicked: its file name and
 * the blob's text. Call once at a test file's top level: the list is emptied before each test and
 * the spies are restored after it.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export interface Download {
  name: string;
  text: Promise<string>;
}

export function captureDownloads(): Download[] {
  const downloads: Download[] = [];
  beforeEach(() => {
    downloads.length = 0;
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, text: blobs.get(this.href)!.text() });
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return downloads;
}
