// Upload progress on standard error: a live bar on a terminal, one summary line otherwise, nothing for --json.
import type { Io } from './io.js';

export interface Progress {
  advance(bytes: number): void;
  done(): void;
}

const silent: Progress = { advance() {}, done() {} };

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}

export function uploadProgress(io: Io, label: string, total: number, quiet: boolean): Progress {
  if (quiet) return silent;
  const started = Date.now();
  let sent = 0;
  const draw = () => {
    const percent = total === 0 ? 100 : Math.floor((sent / total) * 100);
    const width = 24;
    const filled = Math.round((percent / 100) * width);
    io.stderr(
      `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${formatBytes(sent)}`,
    );
  };
  return {
    advance(bytes) {
      sent += bytes;
      if (io.stderrIsTTY) draw();
    },
    done() {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const line = `${label}: ${formatBytes(total)} sent in ${seconds} s`;
      io.stderr(io.stderrIsTTY ? `\r${line}${' '.repeat(40)}\n` : `${line}\n`);
    },
  };
}
