// Runs `airlock` in-process (cli/main.ts run) with an in-memory io: stdin text, files by name
// (key files too: the on-disk permission rule is tested in key-file.test.ts), a fixed clock.
import { run } from '../../cli/main.ts';
import type { CliIo } from '../../cli/io.ts';
import { utf8ToBytes } from '../../shared/base/bytes.ts';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: string[], options: { stdin?: string; files?: Record<string, string>; now?: number } = {}): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const readFile = async (path: string): Promise<Uint8Array> => {
    const text = options.files?.[path];
    if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${path}'`), { code: 'ENOENT' });
    return utf8ToBytes(text);
  };
  const io: CliIo = {
    readStdin: async () => utf8ToBytes(options.stdin ?? ''),
    readFile,
    readSecretFile: readFile,
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => options.now ?? 1651906600000,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}
