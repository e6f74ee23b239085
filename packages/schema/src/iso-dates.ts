// ISO 8601 values of date, time and datetime inputs and calendar events: which texts are well formed, in what order.

/** The `textField.inputType` values whose value is an ISO 8601 text rather than free text. */
export type DateInputType = 'date' | 'time' | 'datetime';

/** The form of each: a date `YYYY-MM-DD`, a time `HH:MM`, a local date and time `YYYY-MM-DDTHH:MM`. */
export const DATE_INPUT_FORMS: Record<DateInputType, string> = {
  date: 'YYYY-MM-DD',
  time: 'HH:MM',
  datetime: 'YYYY-MM-DDTHH:MM',
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;
/** A calendar event's start or end: a datetime, seconds allowed, with `Z` or `±HH:MM`, else in the user's zone. */
const EVENT_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:\d{2})?$/;

export function isDateInputType(value: unknown): value is DateInputType {
  return value === 'date' || value === 'time' || value === 'datetime';
}

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Day 0 of the next month is the last day of this one, leap years included.
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= days;
}

function isTime(value: string): boolean {
  const match = TIME.exec(value);
  return match !== null && Number(match[1]) < 24 && Number(match[2]) < 60;
}

/** Whether a text is a well-formed value of a date, time or datetime input (a real day, a real time of day). */
export function isIsoValue(type: DateInputType, value: string): boolean {
  if (type === 'date') return isDate(value);
  if (type === 'time') return isTime(value);
  const [date, time, rest] = value.split('T');
  return rest === undefined && date !== undefined && time !== undefined && isDate(date) && isTime(time);
}

/**
 * Whether a text is a calendar event's time: `YYYY-MM-DDTHH:MM` (what a datetime input gives, read in the user's
 * time zone), optionally with seconds and a `Z` or `±HH:MM` offset.
 */
export function isEventTime(value: string): boolean {
  const match = EVENT_TIME.exec(value);
  if (!match || !isDate(match[1] as string) || !isTime(match[2] as string)) return false;
  if (match[3] !== undefined && Number(match[3]) > 59) return false;
  const zone = match[4];
  return zone === undefined || zone === 'Z' || isTime(zone.slice(1));
}
