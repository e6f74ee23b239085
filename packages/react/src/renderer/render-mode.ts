// How a page renders what it cannot draw: labelled placeholders for developers, nothing for users.

/** `development` shows unknown widgets and broken nodes as labelled placeholders; `production` hides them. */
export type RenderMode = 'development' | 'production';
