// docs/decisions.md §7: "a child process is SIGKILLed while writing signatures in a loop; every signature it had
// reported survives and integrity_check passes". The writer is station/store/store-crash-child.ts in its
// own Node process (`node --import tsx`, so the SIGKILL lands on the writer itself and not on a
// launcher that would leave it running). Each round kills it at a different moment: after a
// number of printed signatures, or on a timer regardless of what it has printed.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { openStore } from './store.ts';
import { newTransaction, sealIn, tempDir } from '../../test/helpers/store-helpers.ts';

const CHILD = join(import.meta.dirname, 'store-crash-child.ts');
const tmp = tempDir('airlock-crash-');
afterAll(() => tmp.remove());

type KillAt = { afterLines: number } | { afterMs: number };

/** Runs the writer until `killAt`, SIGKILLs it, and returns the complete lines it printed. */
function runAndKill(dataDir: string, txIdHex: string, killAt: KillAt): Promise<{ lines: string[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dataDir, txIdHex], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let killed = false;
    const kill = () => {
      if (!killed) {
        killed = true;
        child.kill('SIGKILL');
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (!out.startsWith('ready\n')) return;
      if ('afterMs' in killAt && !killed && !timer) timer = setTimeout(kill, killAt.afterMs);
      if ('afterLines' in killAt && out.split('\n').length - 2 >= killAt.afterLines) kill();
    });
    let timer: NodeJS.Timeout | undefined;
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (timer) clearTimeout(timer);
      if (!killed) return reject(new Error(`the writer exited on its own:\n${err}`));
      // Only lines that ended in a newline were printed whole, so only they were reported.
      const lines = out.split('\n').slice(1, -1);
      resolve({ lines, signal });
    });
  });
}

describe('store: signatures survive a SIGKILL of the writer', () => {
  const rounds: KillAt[] = [{ afterLines: 1 }, { afterLines: 40 }, { afterMs: 150 }, { afterLines: 300 }, { afterMs: 700 }];

  it('keeps every reported signature and a sound file, round after round', async () => {
    let expectedTotal = 0;
    for (const [i, killAt] of rounds.entries()) {
      const setup = openStore({ dataDir: tmp.dir }, { seal: sealIn(tmp.dir) });
      const tx = setup.insertTransaction(newTransaction());
      setup.close();

      const { lines, signal } = await runAndKill(tmp.dir, bytesToHex(tx.txId), killAt);
      expect(signal, `round ${i}`).toBe('SIGKILL');
      if ('afterLines' in killAt) expect(lines.length, `round ${i}`).toBeGreaterThanOrEqual(killAt.afterLines);

      const store = openStore({ dataDir: tmp.dir }, { seal: sealIn(tmp.dir) });
      try {
        expect(store.integrityCheck(), `round ${i}`).toEqual(['ok']);
        const stored = new Map(store.listSignatures(tx.txId).map((s) => [bytesToHex(s.signer), bytesToHex(s.signature)]));
        for (const line of lines) {
          const [signer, signature] = line.split(' ');
          expect(stored.get(signer!), `round ${i}: signer ${signer} was reported stored`).toBe(signature);
        }
        // A write may have committed after its line was lost with the process, never the reverse.
        expect(stored.size).toBeGreaterThanOrEqual(lines.length);
        expect(stored.size).toBeLessThanOrEqual(lines.length + 1);
        expect(store.getTransaction(tx.txId)!.signatureCount).toBe(stored.size);
        expectedTotal += 1 + stored.size; // the transaction's audit entry and one per signature
        expect(store.verifyAudit(), `round ${i}`).toEqual({ ok: true, entries: expectedTotal });
      } finally {
        store.close();
      }
    }
  }, 120_000);
});
