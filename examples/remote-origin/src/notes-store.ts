// The example's data: each user's notes, kept in memory and keyed by the pseudonymous app-user id.

export interface Note {
  id: string;
  text: string;
  createdAt: string;
}

export const MAX_NOTE_LENGTH = 500;
export const MAX_NOTES = 50;

/** A real origin would use a database; the app-user id is the only key it needs, no real identity. */
export class NotesStore {
  private readonly byUser = new Map<string, Note[]>();
  private counter = 0;

  list(appUserId: string): Note[] {
    return this.byUser.get(appUserId) ?? [];
  }

  add(appUserId: string, text: string, now: Date): Note | 'full' {
    const notes = this.list(appUserId);
    if (notes.length >= MAX_NOTES) return 'full';
    this.counter++;
    const note = { id: `n${this.counter}`, text, createdAt: now.toISOString() };
    this.byUser.set(appUserId, [...notes, note]);
    return note;
  }

  remove(appUserId: string, id: string): boolean {
    const notes = this.list(appUserId);
    const kept = notes.filter((note) => note.id !== id);
    this.byUser.set(appUserId, kept);
    return kept.length !== notes.length;
  }
}
