/**
 * Settings (docs/decisions.md §7 "settings", docs/decisions.md §11 dialects): the node URL (or a network preset), the node's
 * JSON dialect, the default expiration and the vault kind, how a Ledger is reached (docs/decisions.md §23), the hosted node's API key, and the audit
 * log's check. The plumbing they set (node client, dialect probe, vault) is the context's
 * (station/core/context.ts); this feature reads and changes it.
 *
 * Invariants:
 * - A station keeps one vault: switching kinds with keys stored is refused (keys are never moved).
 * - An API key is kept in the vault, sent only over https:// (or to this machine) and only to the
 *   origin it was set for; a text shaped like a private key is refused; the key never appears in a
 *   view or a message, and its bytes are wiped whatever happens.
 * - A new node URL is probed once for its dialect; when nothing answers the URL is still kept.
 */
import { moveAuditSeal } from '../vault/audit-seal.ts';
import { ledgerSettingText, readLedgerSetting, SETTING_LEDGER, storedLedgerSetting } from '../devices/ledger-setting.ts';
import { API_KEY_HEADER, isLoopbackUrl, NodeClient } from '../node/node-client.ts';
import { AirlockError, excerpt, fail } from '../../shared/base/errors.ts';
import { wipe } from '../../shared/base/bytes.ts';
import { holdsPrivateKeyText } from '../../shared/base/secrets.ts';
import { DIALECTS, isDialect, type Dialect } from '../../shared/chain/dialect.ts';
import { networkPreset } from '../../shared/chain/networks.ts';
import { parseDuration } from '../../shared/base/duration.ts';
import { HEAD_STALLED_AFTER_MS, MAX_API_KEY_LENGTH } from '../../shared/base/limits.ts';
import { formatDuration } from '../../shared/base/duration.ts';
import { SETTING_API_KEY_ORIGIN, SETTING_DIALECT, SETTING_EXPIRATION, SETTING_NODE, SETTING_VAULT, type StationContext } from '../core/context.ts';
import type { SettingsView } from '../core/views.ts';
import type { VaultKind } from '../vault/vault.ts';
import { textArg } from '../../shared/chain/input.ts';

/** The settings without the API key's presence (which needs the vault). */
export type SettingsBase = Omit<SettingsView, 'apiKey'>;

export function settingsFeature(ctx: StationContext) {
  const settings = (): SettingsBase => {
    const ms = ctx.defaultExpiresInMs();
    return {
      node: ctx.nodeUrl(),
      dialect: ctx.dialect(),
      expiration: formatDuration(ms),
      expiresInMs: ms,
      vault: ctx.vaultKind(),
      ledger: ledgerSettingText(storedLedgerSetting(ctx.store)),
    };
  };

  const setVaultKind = (value: unknown): void => {
    if (value !== 'keychain' && value !== 'keystore') fail('INVALID_INPUT', 'value: expected keychain or keystore', { field: 'value' });
    if (value === ctx.vaultKind()) return;
    // Keys are never moved between vaults: switching with keys stored would leave them behind.
    const held = ctx.store.listKeys().filter((k) => k.vault !== 'ledger').length;
    if (held > 0) {
      fail(
        'CONFLICT',
        `vault: this station holds ${held} key(s) in the ${ctx.vaultKind() === 'keychain' ? 'OS keychain' : 'keystore file'}; a station keeps one vault, so choose it before the first key (or use a new data directory)`,
        { field: 'value' },
      );
    }
    // The audit key and anchor go with the station to its new vault (docs/decisions.md §16). A vault that
    // cannot be used holds none only if nothing was ever written, so then there is none to move.
    const old = ctx.vault();
    const next = ctx.openVaultWith((purpose) => ctx.passphraseFor(purpose), value);
    try {
      moveAuditSeal(old.auditSeal(), next.auditSeal());
    } catch (e) {
      if (ctx.store.listAudit({ limit: 1 }).length > 0) throw e;
    }
    // The vault opened for the old choice goes; the setting's own entry is keyed by the new one.
    ctx.replaceVault(next);
    try {
      ctx.store.setSetting(SETTING_VAULT, value);
    } catch (e) {
      ctx.replaceVault(old);
      throw e;
    }
  };

  return {
    nodeUrl: (): string => ctx.nodeUrl(),
    node: (): NodeClient => ctx.node(),
    nodeReady: (): Promise<NodeClient> => ctx.nodeReady(),
    dialect: (): Dialect => ctx.dialect(),
    learnDialect: (url?: string) => ctx.learnDialect(url),
    defaultExpiresInMs: (): number => ctx.defaultExpiresInMs(),
    vaultKind: (): VaultKind => ctx.vaultKind(),
    settings,

    /** `settings()` and whether an API key is stored for the current node (never the key). */
    async settingsView(): Promise<SettingsView> {
      const origin = ctx.store.getSetting(SETTING_API_KEY_ORIGIN);
      const apiKey = typeof origin === 'string' && origin === new URL(ctx.nodeUrl()).origin && (await ctx.vault().hasApiKey());
      return { ...settings(), apiKey };
    },

    /**
     * `node` (a URL), `network` (a preset of shared/chain/networks.ts: its URL and dialect), `dialect` (spec
     * or java-tron, for the current node), `expiration` (a duration up to 24h) or `vault` (keychain or
     * keystore). A new node URL is probed for its dialect once (`learnDialect`); when nothing answers
     * the URL is kept and the result's `probe` says so. Takes the API table's `{ key, value }`.
     */
    async setSetting(args: { key: string; value: string }): Promise<SettingsBase & { probe?: string }> {
      const value: unknown = args.value;
      const k = textArg(args.key, 'key', 64);
      if (k === SETTING_NODE) {
        const url = textArg(value, 'value', 2048);
        new NodeClient({ baseUrl: url }); // checks it the way every request will
        ctx.store.setSetting(SETTING_NODE, url);
        try {
          // The probe first: the answer's dialect is the one it stored.
          const probe = (await ctx.learnDialect(url)).text;
          return { ...settings(), probe };
        } catch (e) {
          if (!(e instanceof AirlockError)) throw e;
          const text = `Could not ask ${url} for its dialect (${e.code}); it stays ${ctx.dialect()} until the node answers or you set the dialect setting (spec or java-tron).`;
          ctx.options.notice?.(text);
          return { ...settings(), probe: text };
        }
      } else if (k === 'network') {
        const preset = networkPreset(textArg(value, 'value', 64));
        ctx.store.setSetting(SETTING_NODE, preset.url);
        ctx.rememberDialect(preset.url, preset.dialect);
      } else if (k === SETTING_EXPIRATION) {
        ctx.store.setSetting(SETTING_EXPIRATION, parseDuration(value, 'value'));
      } else if (k === SETTING_DIALECT) {
        if (!isDialect(value)) fail('INVALID_INPUT', `value: expected ${DIALECTS.join(' or ')}`, { field: 'value' });
        ctx.store.setSetting(SETTING_DIALECT, value);
        ctx.rememberDialect(ctx.nodeUrl(), value);
      } else if (k === SETTING_VAULT) {
        setVaultKind(value);
      } else if (k === SETTING_LEDGER) {
        ctx.store.setSetting(SETTING_LEDGER, ledgerSettingText(readLedgerSetting(value)));
      } else fail('INVALID_INPUT', `key: unknown setting ${excerpt(k)} (node, network, dialect, expiration, vault or ledger)`, { field: 'key' });
      return settings();
    },

    /**
     * Keeps a hosted node's API key in the vault (always wiping `secret`), for the current node's
     * origin only. The result says where it will be sent, never what it is.
     */
    async setApiKey(secret: Uint8Array): Promise<{ set: true; origin: string; text: string }> {
      try {
        if (!(secret instanceof Uint8Array)) fail('INVALID_INPUT', 'api-key: expected the key as bytes', { field: 'api-key' });
        if (secret.length > MAX_API_KEY_LENGTH || !secret.every((b) => b >= 0x21 && b <= 0x7e)) {
          fail('INVALID_INPUT', `api-key: an API key is 1 to ${MAX_API_KEY_LENGTH} printable ASCII characters without spaces; nothing was stored`, {
            field: 'api-key',
          });
        }
        if ((secret.length === 64 || secret.length === 66) && /^(0x)?[0-9a-fA-F]{64}$/.test(new TextDecoder().decode(secret))) {
          fail(
            'INVALID_INPUT',
            'api-key: this has the form of a private key (64 hex digits), not of an API key (hosted nodes issue UUIDs); nothing was stored. If it was a private key, move its funds: it was typed outside the vault',
            { field: 'api-key' },
          );
        }
      } catch (e) {
        wipe(secret);
        throw e;
      }
      const url = ctx.nodeUrl();
      const origin = new URL(url).origin;
      if (!url.startsWith('https:') && !isLoopbackUrl(url)) {
        wipe(secret);
        fail(
          'INVALID_INPUT',
          `api-key: an API key is sent only over https:// (or to a node on this machine); ${origin} would carry it in the clear, so nothing was stored`,
          { field: 'api-key', node: origin },
        );
      }
      await ctx.vault().setApiKey(secret);
      ctx.store.setSetting(SETTING_API_KEY_ORIGIN, origin);
      return { set: true, origin, text: `The API key is in the ${ctx.vaultKind()}; it is sent to ${origin} only, as ${API_KEY_HEADER}.` };
    },

    async clearApiKey(): Promise<{ removed: boolean; text: string }> {
      const removed = await ctx.vault().deleteApiKey();
      ctx.store.setSetting(SETTING_API_KEY_ORIGIN, null);
      return { removed, text: removed ? 'The API key was removed from the vault.' : 'There was no API key; nothing changed.' };
    },

    /** Asks the node at `url` (default the current one) for its head block: the settings screen's test. Never throws. */
    async nodeTest(args: { url?: string } = {}): Promise<{ ok: boolean; url: string; block: number | null; text: string }> {
      const target = args.url ?? ctx.nodeUrl();
      // A URL holding a private key's text (docs/decisions.md §16 "the connection test echoes a key-like URL") is
      // neither tried nor echoed: the answer describes it instead, in `url` and in `text`.
      if (holdsPrivateKeyText(target)) {
        return {
          ok: false,
          url: '(a URL holding 64 hex digits, not shown)',
          block: null,
          text: 'The URL holds a run of 64 hex digits, the form of a private key, so it was not tried and is not shown. A node URL never needs a private key; if one was pasted here, move its funds.',
        };
      }
      try {
        const block = await new NodeClient({ baseUrl: target, dialect: ctx.dialect() }).latestBlock();
        // One read, judged by the head's own time against the station's clock (no waiting between
        // two reads): a head far behind now means no block is being produced (docs/decisions.md §18).
        const behind = ctx.now() - block.timestamp;
        if (behind > HEAD_STALLED_AFTER_MS)
          return {
            ok: false,
            url: target,
            block: Number(block.number),
            text: `The node answered, but the chain is not moving: its head block ${block.number} was made ${formatDuration(behind)} ago. No block producer is making blocks (after an executive-key change, the producing node must hold the new key); transactions sent now will not confirm.`,
          };
        return { ok: true, url: target, block: Number(block.number), text: `The node answered: its head block is ${block.number}.` };
      } catch (e) {
        return { ok: false, url: target, block: null, text: e instanceof Error ? e.message : 'the node did not answer' };
      }
    },

    /** The audit chain checked; `firstBad` and `reason` are null when it is intact (the API table's shape). */
    auditVerify(): { ok: boolean; entries: number; firstBad: number | null; reason: string | null; text: string } {
      const v = ctx.store.verifyAudit();
      if (v.ok)
        return {
          ok: true,
          entries: v.entries,
          firstBad: null,
          reason: null,
          text: `The audit log is intact: ${v.entries} entries, each carrying the MAC of the one before under this station's audit key, and the count and last entry agree with the anchor kept in the vault.`,
        };
      return { ok: false, entries: v.entries, firstBad: v.firstBad, reason: v.reason, text: `The audit log was altered: ${v.reason}.` };
    },
  };
}
