// An action that could not run, as a message of the renderer's catalogue (shown in the user's language).
import { type MessageKey, translator } from '../i18n/messages.js';

/** An action that could not run: a catalogue message for the user (`message` is its English text). */
export class ActionFailure extends Error {
  override name = 'ActionFailure';
  constructor(
    readonly key: MessageKey,
    readonly values?: Record<string, string>,
  ) {
    super(translator('en')(key, values));
  }
}

/**
 * Thrown once a failure has been shown and its onError run: the rest of the list must not go on as if it had
 * worked (a request sending a position that never came).
 */
export class ChainStopped extends Error {
  override name = 'ChainStopped';
}
