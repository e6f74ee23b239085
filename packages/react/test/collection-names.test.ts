import { describe, expect, it } from 'vitest';
import { collectionNames } from '../src/renderer/collection-names.js';

describe('collectionNames', () => {
  it('names the collections a screen sends to and reads, each once, and nothing else', () => {
    const screen = {
      type: 'screen',
      children: [
        { type: 'form', id: 'f', collect: { name: 'signup' }, children: [] },
        { type: 'text', text: '${responses.signup.left} left, ${responses.vote.counts.choice.a} for A' },
        { type: 'text', text: '${responses.Bad.count} ${storage.responses} responses.x' },
      ],
    };
    expect(collectionNames(screen)).toEqual(['signup', 'vote']);
    expect(collectionNames(undefined)).toEqual([]);
  });
});
