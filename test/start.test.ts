// `npm start`, the README's first set-up command, run for real through npm: until the desktop
// station exists it must print what Airlock is and start the embedded default network, which then
// answers over HTTP. (A missing entry point once broke this with every other test green.)
import { describe, expect, it } from 'vitest';
import { K, spawnWatched, stopGroup, type Json } from './devnet-helpers.ts';

describe('npm start (README set-up command)', () => {
  it('prints the banner, starts the local node with its TEST ONLY accounts, serves HTTP, and stops on SIGTERM', async () => {
    const run = spawnWatched('npm', ['start', '--silent', '--', '--port', '0', '--block-interval', 'manual', '--quiet'], { group: true });
    try {
      const [, url] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
      await run.waitFor(/Stop with Ctrl-C/);
      expect(run.output()).toContain('Airlock: an offline signing station');
      expect(run.output()).toMatch(new RegExp(`alice\\s+${K.alice.b58}`));
      const reply = (await (await fetch(`${url}/wallet/getaccount`, {
        method: 'POST',
        body: JSON.stringify({ address: K.alice.b58, visible: true }),
      })).json()) as Json;
      expect(reply.address).toBe(K.alice.b58);
      expect(reply.balance).toBe(100_000_000_000);
    } finally {
      stopGroup(run);
    }
    await run.exit;
    expect(run.output()).toContain('SIGTERM: stopping the devnet');
  });
});
