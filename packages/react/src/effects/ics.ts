// A calendar event as an iCalendar file (RFC 5545): one VEVENT, UTC times, escaped text, folded lines, a VALARM.
import type { CalendarEvent } from '@miniapps/host';

/** `20261215T070000Z`: a UTC DATE-TIME (RFC 5545 3.3.5, form 2). */
function utc(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

/** TEXT values (3.3.11): backslash, semicolon and comma escaped, line breaks as \n, other controls (tabs too) dropped. */
export function escapeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .replace(/\p{Cc}/gu, '');
}

/**
 * A content line folded at 75 octets of UTF-8 (3.1), each continuation starting with a space; never inside a
 * character, so a Cyrillic title stays whole.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; a continuation's leading space counts, so 74 more.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

/** 128 random bits as hex: crypto.randomUUID needs a secure context, getRandomValues does not. */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The .ics text of one event: CRLF line ends, a fresh UID, DTSTAMP now. */
export function icsFile(event: CalendarEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//miniapps//renderer//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${randomId()}@miniapps`,
    `DTSTAMP:${utc(now.toISOString())}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.title)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.reminderMinutes !== undefined) {
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(event.title)}`,
      `TRIGGER:-PT${event.reminderMinutes}M`,
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT', 'END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name from the title: letters and digits of any script kept, the rest dashes, `event` when none are left. */
export function icsFileName(title: string): string {
  const stem = title
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${stem || 'event'}.ics`;
}
