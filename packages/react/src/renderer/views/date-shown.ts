// Date, time and datetime inputs: the native control each maps to, and their ISO 8601 value in the user's words.
import { type DateInputType, isIsoValue } from '@miniapps/schema';

/** The HTML input type drawing each: `datetime` is a local date and time (`datetime-local`). */
export const nativeDateType: Record<DateInputType, string> = {
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
};

const styles: Record<DateInputType, Intl.DateTimeFormatOptions> = {
  date: { dateStyle: 'long' },
  time: { timeStyle: 'short' },
  datetime: { dateStyle: 'long', timeStyle: 'short' },
};

/**
 * The value as the user's language writes it (`1 December 2026`, `1 декабря 2026 г.`), or '' when it is empty
 * or not of its form. The browser's own control follows the browser's language, not the app's, so this says it
 * once more in the renderer's. Read as UTC on both sides: the ISO text names a wall-clock day and time, no zone.
 */
export function dateShown(type: DateInputType, value: string, locale: string): string {
  if (!isIsoValue(type, value)) return '';
  const [date, time] = type === 'time' ? ['1970-01-01', value] : value.split('T');
  const [year, month, day] = (date as string).split('-').map(Number) as [number, number, number];
  const [hour, minute] = (time ?? '00:00').split(':').map(Number) as [number, number];
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Years before 100 would otherwise be read as 19xx by Date.UTC.
  instant.setUTCFullYear(year);
  return new Intl.DateTimeFormat(locale, { ...styles[type], timeZone: 'UTC' }).format(instant);
}
