// A profile from what a caller supplied (the dev login body, an identity provider's claims), by the rules of profile-values.ts.
import { MAX_FULL_NAME, MAX_GROUP } from '@miniapps/contract';
import { cleanText, courseNumberOf, emailOf } from './profile-values.js';

/** What the platform stores of a person (the users table's profile columns). */
export interface Profile {
  email: string;
  fullName?: string | undefined;
  course?: string | undefined;
  group?: string | undefined;
  roles?: string[] | undefined;
}

/** Where intake reports what it left out. */
export interface IntakeLog {
  warn(details: object, message: string): void;
}

export interface ProfileInput {
  email: unknown;
  fullName?: unknown;
  course?: unknown;
  group?: unknown;
}

export type ProfileIntake = { ok: true; profile: Profile } | { ok: false; problem: string };

/**
 * The profile to store for `userId`, or why there is none (the e-mail is not an address: it names the
 * account, so no profile is made without one). A course without a number is left out and said once
 * per user; names and groups are cleaned and cut to their bounds, never refused.
 */
export function takeProfile(input: ProfileInput, userId: string, log: IntakeLog): ProfileIntake {
  const email = emailOf(input.email);
  if (email === undefined) return { ok: false, problem: 'is not an e-mail address' };
  const course = courseNumberOf(input.course);
  if (course === undefined && input.course !== undefined && input.course !== null && input.course !== '') {
    noteDroppedCourse(log, userId, input.course);
  }
  return {
    ok: true,
    profile: {
      email,
      fullName: cleanText(input.fullName, MAX_FULL_NAME),
      course,
      group: cleanText(input.group, MAX_GROUP),
    },
  };
}

/** Users already told about, per logger; bounded, so a stream of new users cannot grow it without end. */
const noted = new WeakMap<IntakeLog, Set<string>>();
const MAX_NOTED = 10_000;

function noteDroppedCourse(log: IntakeLog, userId: string, value: unknown): void {
  let seen = noted.get(log);
  if (seen === undefined) {
    seen = new Set();
    noted.set(log, seen);
  }
  if (seen.has(userId)) return;
  if (seen.size >= MAX_NOTED) seen.delete(seen.values().next().value!);
  seen.add(userId);
  log.warn(
    { userId, course: String(value).slice(0, 100) },
    'course holds no course number; left out of the profile',
  );
}
