// Upload progress on standard error: a live bar on a terminal, one summary line otherwise, nothing for --json.
import { decimal, type Language, translator } from './i18n/messages.js';
import type { Io } from './io.js';

export interface Progress {
  advance(bytes: number): void;
  done(): void;
}

const silent: Progress = { advance() {}, done() {} };

export function formatBytes(bytes: number, language: Language): string {
  const t = translator(language);
  if (bytes < 1024) return t('units.bytes', { n: String(bytes) });
  if (bytes < 1024 * 1024) return t('units.kb', { n: decimal(language, bytes / 1024, 1) });
  return t('units.mb', { n: decimal(language, bytes / 1024 / 1024, 2) });
}

export function uploadProgress(
  io: Io,
  label: string,
  total: number,
  quiet: boolean,
  language: Language,
): Progress {
  if (quiet) return silent;
  const started = Date.now();
  let sent = 0;
  const draw = () => {
    const percent = total === 0 ? 100 : Math.floor((sent / total) * 100);
    const width = 24;
    const filled = Math.round((percent / 100) * width);
    io.stderr(
      `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${percent}% ${formatBytes(sent, language)}`,
    );
  };
  return {
    advance(bytes) {
      sent += bytes;
      if (io.stderrIsTTY) draw();
    },
    done() {
      const seconds = decimal(language, (Date.now() - started) / 1000, 1);
      const line = translator(language)('progress.done', {
        label,
        size: formatBytes(total, language),
        seconds,
      });
      io.stderr(io.stderrIsTTY ? `\r${line}${' '.repeat(40)}\n` : `${line}\n`);
    },
  };
}
