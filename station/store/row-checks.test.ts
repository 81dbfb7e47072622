// The store's edge checks (row-checks.ts) as every table applies them: hostile text stored
// verbatim, text UTF-8 cannot carry and huge strings refused with nothing written, and a pasted
// private key never quoted back in an error.
import { describe, expect, it } from 'vitest';
import { AirlockError } from '../../shared/base/errors.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { generatePrivateKey } from '../../shared/chain/keys.ts';

import { newTransaction, randomAddress } from '../../test/helpers/store-helpers.ts';
import { useTestStore } from '../../test/helpers/store-fixture.ts';
import { MAX_LABEL_LENGTH } from '../../shared/base/limits.ts';

const { store, refused } = useTestStore();

describe('store: hostile input', () => {
  const tricky = [
    'Alice\u202Eecilc\u202C', // right-to-left override
    'line\nbreak\r\ttab\u0007bell\u001b[31m',
    'nul\u0000inside',
    '\u200Bzero\u200Dwidth\uFEFF',
    'emoji 🔑 and 𝕏',
    '<script>alert(1)</script>',
    "'); DROP TABLE keys; --",
  ];

  it('stores control, bidi, NUL and markup characters verbatim in labels, notes and settings', () => {
    for (const text of tricky) {
      const a = randomAddress();
      store.addKey({ address: a, label: text, vault: 'keychain' });
      expect(store.getKey(a)!.label).toBe(text);
      store.setLabel(a, text);
      expect(store.getLabel(a)!.label).toBe(text);
      const tx = store.insertTransaction(newTransaction({ note: text }));
      expect(store.getTransaction(tx.txId)!.note).toBe(text);
      store.setSetting(text, { text });
      expect(store.getSetting(text)).toEqual({ text });
    }
    expect(store.listKeys()).toHaveLength(tricky.length);
    expect(store.verifyAudit().ok).toBe(true);
  });

  it('refuses text UTF-8 cannot carry (a lone surrogate) instead of altering it', () => {
    refused(() => store.addKey({ address: randomAddress(), label: 'half \uD83D', vault: 'keychain' }), 'INVALID_INPUT', 'label');
    refused(() => store.insertTransaction(newTransaction({ note: '\uDC00' })), 'INVALID_INPUT', 'note');
  });

  it('refuses huge strings with their length and the limit, storing nothing', () => {
    const huge = 'A'.repeat(5_000_000);
    const err = refused(() => store.addKey({ address: randomAddress(), label: huge, vault: 'keychain' }), 'INVALID_INPUT', 'label');
    expect(err.message).toContain(`at most ${MAX_LABEL_LENGTH}`);
    refused(() => store.insertTransaction(newTransaction({ note: huge })), 'INVALID_INPUT', 'note');
    const tx = store.insertTransaction(newTransaction());
    refused(() => store.setStatus(tx.txId, 'failed', { nodeAnswer: huge }), 'INVALID_INPUT', 'nodeAnswer');
    refused(() => store.insertTransaction(newTransaction({ raw: new Uint8Array(600_000) })), 'INVALID_INPUT', 'raw');
  });

  it('never quotes a private key pasted where data belongs', () => {
    const pasted = bytesToHex(generatePrivateKey());
    const attempts: (() => unknown)[] = [
      () => store.addKey({ address: pasted as never, vault: 'keychain' }),
      () => store.setLabel(randomAddress(), pasted.repeat(10)),
      () =>
        store.putToken({
          id: pasted,
          name: 'n',
          abbreviation: 'a',
          precision: 0,
          owner: randomAddress(),
          totalSupply: '1',
          description: '',
          url: '',
          source: { kind: 'file', file: 'f' },
        }),
      () => store.listTransactions({ account: pasted as never }),
      () => store.setSetting('k', { [pasted]: 1n } as never),
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow(AirlockError);
      try {
        attempt();
      } catch (e) {
        const text = JSON.stringify((e as AirlockError).toData());
        expect(text).not.toContain(pasted);
        expect(text.toLowerCase()).not.toContain(pasted.slice(0, 16));
      }
    }
  });
});
