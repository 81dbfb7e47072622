/**
 * Setup of the renderer's component tests. Vitest's jsdom environment replaces the global
 * Uint8Array (and TextEncoder) with jsdom's, from another realm, while Node's own APIs (Buffer,
 * crypto, the real TextEncoder) keep making Node's: shared/'s `instanceof Uint8Array` checks then
 * refuse real bytes. Node's are put back. Chromium, where the renderer really runs, has one realm
 * and no such split.
 */
import { TextDecoder, TextEncoder } from 'node:util';

globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor;
globalThis.TextEncoder = TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder = TextDecoder as typeof globalThis.TextDecoder;

// jsdom does no layout, so it has no ResizeObserver (Svelte's bind:clientHeight uses one); an
// observer that never reports leaves every measured size 0, which is what jsdom would measure.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
} as unknown as typeof ResizeObserver;
