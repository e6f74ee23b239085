// Where a command reads its environment and writes its output: the real process, or a test's capture.

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
  /** Progress bars only make sense on a terminal; pipes and CI logs get one line at the end. */
  stderrIsTTY: boolean;
  /** Resolves when the user interrupts (Ctrl-C); long-running commands stop then. */
  interrupted: Promise<void>;
  /** Reads all of standard input (for `login --with-token`). */
  readStdin: () => Promise<string>;
}

export function processIo(): Io {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    stderrIsTTY: process.stderr.isTTY === true,
    interrupted: new Promise((resolve) => {
      process.once('SIGINT', () => resolve());
      process.once('SIGTERM', () => resolve());
    }),
    async readStdin() {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}
