// The validator's checks of date and time literals across fields: a field's min/max, an event's start/end.
import { hasBinding } from './bindings.js';
import type { FieldFault } from './field-checks.js';
import { DATE_INPUT_FORMS, isDateInputType, isEventTime, isIsoValue } from './iso-dates.js';

/** A fault of one field of a node, named so the walker can point at it. */
export interface FieldNamedFault extends FieldFault {
  field: string;
}

type Node = Readonly<Record<string, unknown>>;

/** A literal string of the node (a bound one is known only when drawn or run). */
function literal(node: Node, key: string): string | undefined {
  const value = node[key];
  return typeof value === 'string' && !hasBinding(value) ? value : undefined;
}

/**
 * A textField's literal `value`, `min` and `max`: of the date, time or datetime input's ISO 8601 form, and `min`
 * not after `max` (no value could be entered). On other input types `min` and `max` mean nothing.
 */
export function dateFieldFaults(field: Node): FieldNamedFault[] {
  const type = field['inputType'];
  if (!isDateInputType(type)) {
    return ['min', 'max']
      .filter((key) => field[key] !== undefined && field[key] !== null)
      .map((key) => ({
        field: key,
        code: 'bad_value',
        message: `"${key}" applies only to inputType date, time or datetime`,
      }));
  }
  const faults: FieldNamedFault[] = [];
  const wellFormed: Record<string, string> = {};
  for (const key of ['value', 'min', 'max']) {
    const value = literal(field, key);
    if (value === undefined) continue;
    if (isIsoValue(type, value)) wellFormed[key] = value;
    else {
      faults.push({
        field: key,
        code: 'bad_value',
        message: `"${key}" must be a ${type} written ${DATE_INPUT_FORMS[type]}, not ${JSON.stringify(value)}`,
      });
    }
  }
  const { min, max } = wellFormed;
  // One ISO form throughout: text order is time order.
  if (min !== undefined && max !== undefined && min > max) {
    faults.push({
      field: 'min',
      code: 'empty_range',
      message: `"min" ${min} is after "max" ${max}: no value can be entered`,
    });
  }
  return faults;
}

const ZONED = /(Z|[+-]\d{2}:\d{2})$/;

/** An addToCalendar's literal `start` and `end`: well formed, and the end after the start when both say when. */
export function eventTimeFaults(action: Node): FieldNamedFault[] {
  const faults: FieldNamedFault[] = [];
  const times: Record<string, string> = {};
  for (const key of ['start', 'end']) {
    const value = literal(action, key);
    if (value === undefined) continue;
    if (isEventTime(value)) times[key] = value;
    else {
      faults.push({
        field: key,
        code: 'bad_value',
        message: `"${key}" must be a date and time written YYYY-MM-DDTHH:MM (or with Z or ±HH:MM), not ${JSON.stringify(value)}`,
      });
    }
  }
  const { start, end } = times;
  // Comparable only in one frame: both on the user's clock (no offset), or both absolute instants.
  if (start === undefined || end === undefined || ZONED.test(start) !== ZONED.test(end)) return faults;
  const instant = (text: string) => Date.parse(ZONED.test(text) ? text : `${text}Z`);
  if (instant(end) <= instant(start)) {
    faults.push({ field: 'end', code: 'empty_range', message: `"end" ${end} is not after "start" ${start}` });
  }
  return faults;
}
