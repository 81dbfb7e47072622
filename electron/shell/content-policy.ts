/**
 * The Content-Security-Policy and response headers of every page the station serves, in the
 * Electron window (the `app://station` protocol) and through the loopback bridge alike (docs/decisions.md §8).
 *
 * Invariant: scripts come only from the app's own files. No inline script, no `eval` (no
 * 'unsafe-inline', no 'unsafe-eval'), no plugins, no frames, no `<base>` rewriting, no form posts;
 * the page may connect only to its own origin, which is the bridge itself in a browser and nothing
 * at all over IPC. A crafted handoff file or token name that lands in the DOM cannot run as code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Headers on every response: the policy, and no sniffing, referrers, framing or cross-origin reads. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
});
