/**
 * `npm run screenshots` (docs/decisions.md §9 "the README shows them"): the README's pictures of the station,
 * taken the way the end-to-end test takes its own (test/browser/ui-e2e-chromium.test.ts): the local node
 * in-process on a free port, two real stations on fresh temporary data directories served with the
 * freshly built renderer through their loopback bridges (test/helpers/ui-e2e-helpers.ts), and Debian's
 * headless Chromium at 1280×800.
 *
 * Station A gets a small, realistic queue (a token transfer signed by one of two treasury keys, one
 * that expires within the hour, one signed on station B and broadcast; names in the address book) and
 * every header tab, read from the page so screens added later are captured too, is written with the
 * treasury account read from the node, its permission editor and the partly signed transaction as
 * docs/screenshots/<screen>-<scheme>.png, light and dark, and the handoff as an animated QR code
 * (airgap-qr-<scheme>.png, docs/decisions.md §19), and the treasury's chain snapshot as one on the Accounts screen
 * (snapshot-qr-<scheme>.png). Each file must stay at most
 * 200 KB (the repository keeps them); the script fails naming a larger one.
 *
 *   npm run screenshots [-- --out-dir DIR]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildRenderer } from './build-renderer.ts';
import { newKey } from '../test/helpers/devnet-helpers.ts';
import {
  captureTabs,
  openFromQueue,
  openOverview,
  settle,
  startTwoStations,
  stationBrowser,
  TREASURY_ID,
  watchProblems,
} from '../test/helpers/ui-e2e-helpers.ts';

const VIEWPORT = { width: 1280, height: 800 };
const NARROW = { width: 400, height: 800 };
const MAX_BYTES = 200 * 1024;
const DEFAULT_OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
  const outDir = values['out-dir'] === undefined ? DEFAULT_OUT : resolve(values['out-dir']);
  const work = mkdtempSync(join(tmpdir(), 'airlock-screenshots-'));
  try {
    await buildRenderer(join(work, 'renderer'));
    const net = await startTwoStations(work, join(work, 'renderer'), { onInternalError: (method, cause) => console.error(method, cause) });
    const browser = await stationBrowser(join(work, 'profile-a'), VIEWPORT);
    try {
      const problems = await watchProblems(browser);
      const { A, B, owner, tokenId, keys } = net;
      const transfer = (station: typeof A, to: string, amount: string, note: string, expiresIn?: string) =>
        station.call('buildTransferAsset', { from: owner.b58, to, token: tokenId, amount, permissionId: TREASURY_ID, note, ...(expiresIn && { expiresIn }) });

      // Signed here and on station B, merged back here and broadcast: a confirmed one in the queue.
      const paid = await transfer(A, newKey().b58, '4000', 'supplier invoice 12');
      await A.call('sign', { txId: paid.txId, key: keys.a1 });
      const file = await A.call('exportHandoff', { txId: paid.txId });
      await B.call('importFiles', { files: [{ name: file.fileName, text: file.text }] });
      await B.call('sign', { txId: paid.txId });
      await A.call('importFiles', { files: [{ name: 'from-b.airlock.json', text: (await B.call('exportHandoff', { txId: paid.txId })).text }] });
      await A.call('broadcast', { txId: paid.txId });
      await net.node.block();
      // Asking the status is what moves a broadcast transaction to confirmed once the node has it.
      for (const entry of (await A.call('list', { status: 'broadcast' })).entries) await A.call('status', { txId: entry.txId });
      // Waiting for a second signature, one of them close to its expiry.
      await transfer(A, newKey().b58, '75050', 'payroll November', '45m');
      const half = await transfer(A, newKey().b58, '1250', 'invoice 7');
      await A.call('sign', { txId: half.txId, key: keys.a1 });
      await A.call('buildTransfer', { from: owner.b58, to: newKey().b58, amount: '2500000', permissionId: TREASURY_ID, note: 'rent December' });

      // Names in the address book, as a team would have them, so the screens show labels.
      await A.call('bookSet', { address: owner.b58, label: 'Treasury' });
      await A.call('bookSet', { address: keys.b1, label: 'Bo (station B)' });
      await A.call('bookSet', { address: keys.c1, label: 'Cy (cold key)' });

      const page = await browser.newPage();
      await page.goto(A.bridge.address);
      await settle(page);
      const written: string[] = [];
      for (const scheme of ['light', 'dark'] as const) {
        written.push(...(await captureTabs(page, outDir, scheme)));
        // The Accounts screen with the treasury read from the node, then its permission editor.
        await page.locator('nav[aria-label=Screens]').getByRole('button', { name: 'Accounts', exact: true }).click();
        await page.getByLabel('Address', { exact: true }).fill(owner.b58);
        await page.getByRole('button', { name: 'Fetch from node' }).click();
        await page.getByRole('button', { name: 'Edit permissions' }).first().waitFor();
        await settle(page);
        const accounts = join(outDir, `accounts-${scheme}.png`);
        await page.screenshot({ path: accounts });
        // The treasury's snapshot as an animated QR code for an offline station (Accounts, Export a snapshot), paused.
        const exporting = page.locator('section[aria-labelledby=snapshot-export-title]');
        await exporting.getByRole('checkbox', { name: new RegExp(owner.b58) }).check();
        await exporting.getByRole('button', { name: 'Show as animated QR code' }).click();
        const snapshotQr = exporting.locator('figure.animated-qr');
        await snapshotQr.getByRole('button', { name: 'Pause' }).click();
        await settle(page);
        // The section from its heading down, so the picture says what is shown and for whom.
        await exporting.locator('h3').evaluate((h) => h.scrollIntoView({ block: 'start' }));
        const snapshot = join(outDir, `snapshot-qr-${scheme}.png`);
        await page.screenshot({ path: snapshot });
        await exporting.getByRole('button', { name: 'Hide the QR code' }).click();
        await exporting.getByRole('checkbox', { name: new RegExp(owner.b58) }).uncheck();
        await page.getByRole('button', { name: 'Edit permissions' }).first().click();
        await page.getByRole('group', { name: 'Owner permission' }).waitFor();
        await settle(page);
        const permissions = join(outDir, `permissions-${scheme}.png`);
        await page.screenshot({ path: permissions });
        // The treasury's overview, opened from the side navigation (docs/decisions.md §26), and the same at 400 px.
        await openOverview(page, owner.b58);
        await settle(page);
        const overview = join(outDir, `overview-${scheme}.png`);
        await page.screenshot({ path: overview });
        await page.setViewportSize(NARROW);
        await settle(page);
        const narrow = join(outDir, `overview-narrow-${scheme}.png`);
        await page.screenshot({ path: narrow });
        await page.setViewportSize(VIEWPORT);
        written.push(overview, narrow);
        await openFromQueue(page, 'invoice 7');
        const shot = join(outDir, `transaction-${scheme}.png`);
        await page.screenshot({ path: shot });
        // The same handoff as an animated QR code (docs/decisions.md §19), paused on one frame so the picture is steady.
        await page.getByRole('button', { name: 'Show as animated QR code' }).click();
        const qr = page.locator('figure.animated-qr');
        await qr.getByRole('button', { name: 'Pause' }).click();
        await settle(page);
        await qr.scrollIntoViewIfNeeded();
        const airgap = join(outDir, `airgap-qr-${scheme}.png`);
        await page.screenshot({ path: airgap });
        await qr.page().getByRole('button', { name: 'Hide the QR code' }).click();
        written.push(permissions, snapshot, shot, airgap);
      }
      if (problems.length > 0) throw new Error(`the page reported problems:\n${problems.join('\n')}`);
      for (const f of written) {
        const size = statSync(f).size;
        console.log(`${basename(f)}\t${(size / 1024).toFixed(0)} KB`);
        if (size > MAX_BYTES) throw new Error(`${f} is ${size} bytes, more than the ${MAX_BYTES} a committed screenshot may have`);
      }
      console.log(`wrote ${written.length} screenshots to ${outDir}`);
    } finally {
      await browser.close();
      await net.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(`screenshots: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  process.exit(1);
});
