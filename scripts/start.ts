/**
 * `npm start`: runs the station's embedded default (DESIGN.md decision 9). The desktop shell and UI
 * land in later issues; until then this starts the network the station will talk to, the local
 * node on 127.0.0.1:8090, and says what a user can do with it today. Flags after `--` go to the
 * devnet (`npm start -- --port 0 --db chain.sqlite`; see devnet/README.md).
 *
 * Invariant: nothing here but the banner; the devnet's own CLI does the work, so `npm start` and
 * `npm run devnet` cannot drift apart.
 */
const BANNER = `Airlock: an offline signing station for multi-signature accounts and native tokens.

The desktop station (vault, store, UI) is not built yet. Starting its embedded default network,
the local node below with funded TEST ONLY accounts. What works today:
  npx airlock tx inspect FILE               decode a transaction from its bytes, recover its signers
  npx airlock tx sign FILE --key-file K     add a signature with a test key file
  POST <url>/wallet/getsignweight           who signed, the weight so far, enough or not
See README.md and devnet/README.md.
`;

console.log(BANNER);
await import('../devnet/cli.ts');

export {};
