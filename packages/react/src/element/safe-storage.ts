// localStorage when the page may use it (a sandboxed frame or blocked storage throws), else memory.
import { type KeyValueStore, memoryStore } from '@miniapps/host';

export function pageStorage(): KeyValueStore {
  try {
    const storage = globalThis.localStorage;
    const probe = 'miniapps.probe';
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStore();
  }
}
