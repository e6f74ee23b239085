// Dates and numbers in the reader's language through Intl; one formatter per language, made on first use.
import { useMemo } from 'react';
import { type Language, useLanguage } from './language.js';

const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const numberFormats = new Map<Language, Intl.NumberFormat>();

/** A date and time, e.g. "25 Nov 2026, 09:56" or "25 нояб. 2026 г., 09:56"; an absent date is "—". */
export function formatDate(language: Language, iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso; // shown as sent rather than "Invalid Date"
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    dateFormats.set(language, format);
  }
  return format.format(date);
}

/** A count with the language's grouping ("12,345" or "12 345"). */
export function formatNumber(language: Language, value: number): string {
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** The two formatters bound to the page's language. */
export function useFormat(): { date(iso: string | null | undefined): string; number(value: number): string } {
  const { language } = useLanguage();
  return useMemo(
    () => ({
      date: (iso: string | null | undefined) => formatDate(language, iso),
      number: (value: number) => formatNumber(language, value),
    }),
    [language],
  );
}

const sizeFormats = new Map<string, Intl.NumberFormat>();

/** A file's size in the reader's language ("1.5 kB", "1,5 кБ"; a megabyte and more in MB). */
export function formatSize(language: Language, bytes: number): string {
  const [unit, divisor] =
    bytes < 1024 ? ['byte', 1] : bytes < 1024 * 1024 ? ['kilobyte', 1024] : ['megabyte', 1024 * 1024];
  const id = `${language} ${unit}`;
  let format = sizeFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 });
    sizeFormats.set(id, format);
  }
  return format.format(bytes / divisor);
}
