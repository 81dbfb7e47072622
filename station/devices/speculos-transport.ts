/**
 * The Speculos emulator's HTTP API as a Ledger transport (docs/decisions.md §23): `POST <url>/apdu` with
 * `{"data": hex}`, answered `{"data": hex}` (data and status word). A developer with the emulator
 * runs the same flows as with a device; the tests run a virtual device behind the same API.
 *
 * Invariants: only an http:// URL on this machine (loopback) is used: the emulator has no
 * authentication, and APDUs carry what is about to be signed; each exchange has a deadline and an
 * answer is read at most LEDGER_MAX_ANSWER_BYTES far; every failure is a DEVICE error naming the URL.
 */
import { bytesToHex, hexToBytes } from '../../shared/base/bytes.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { LEDGER_EXCHANGE_TIMEOUT_MS, LEDGER_MAX_ANSWER_BYTES } from '../../shared/base/limits.ts';
import type { LedgerTransport } from './transport.ts';

/** Reads a speculos:http://HOST:PORT setting's URL; only loopback hosts. */
export function speculosUrl(text: string, field = 'value'): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('INVALID_INPUT', `${field}: expected usb or speculos:http://127.0.0.1:PORT (the emulator's API port)`, { field });
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || url.pathname !== '/' || url.search || url.username)
    fail(
      'INVALID_INPUT',
      `${field}: the emulator's API is used only on this machine, as http://127.0.0.1:PORT (it has no authentication and sees what is signed)`,
      {
        field,
      },
    );
  return url.origin;
}

export class SpeculosTransport implements LedgerTransport {
  readonly url: string;
  readonly timeoutMs: number;
  constructor(url: string, timeoutMs = LEDGER_EXCHANGE_TIMEOUT_MS) {
    this.url = speculosUrl(url, 'ledger');
    this.timeoutMs = timeoutMs;
  }

  async exchange(apdu: Uint8Array): Promise<Uint8Array> {
    const where = `the Speculos emulator at ${this.url}`;
    let text: string;
    try {
      const res = await fetch(`${this.url}/apdu`, {
        method: 'POST',
        body: JSON.stringify({ data: bytesToHex(apdu) }),
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
      if (!res.ok) fail('DEVICE', `${where} answered HTTP ${res.status}; nothing was signed or stored.`, { statusWord: null });
      text = await readBounded(res);
    } catch (e) {
      if (e instanceof AirlockError) throw e;
      const timeout = e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError');
      fail(
        'DEVICE',
        timeout
          ? `${where} did not answer within ${Math.round(this.timeoutMs / 1000)} s (it stopped answering, or nobody confirmed on its screen); nothing was signed or stored.`
          : `${where} does not answer: start it, or set the ledger setting to usb. Nothing was signed or stored.`,
        { statusWord: null },
      );
    }
    let data: unknown;
    try {
      data = (JSON.parse(text) as { data?: unknown }).data;
    } catch {
      data = undefined;
    }
    if (typeof data !== 'string' || !/^([0-9a-fA-F]{2}){2,}$/.test(data))
      fail('DEVICE', `${where} answered something that is not {"data": hex} with a status word; nothing was signed or stored.`, { statusWord: null });
    return hexToBytes(data);
  }

  async close(): Promise<void> {}
}

async function readBounded(res: Response): Promise<string> {
  const limit = 2 * LEDGER_MAX_ANSWER_BYTES + 64;
  const reader = res.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      fail('DEVICE', `The emulator's answer is over ${limit} bytes, far more than any device answer; nothing was signed or stored.`, { statusWord: null });
    }
    parts.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(parts));
}
