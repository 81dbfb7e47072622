#!/usr/bin/env node
// The `airlock` command (package.json "bin"). It registers tsx's ESM loader so the TypeScript in
// cli/ and shared/ runs as it is, right after `npm install`, with no build step, then hands the
// process to cli/main.ts. All logic lives there; see `airlock --help`.
import { register } from 'tsx/esm/api';

register();
const { runProcess } = await import('../cli/main.ts');
process.exitCode = await runProcess();
