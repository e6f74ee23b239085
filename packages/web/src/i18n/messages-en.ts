// The English catalogue, every area merged: bundled with the client, English being the fallback and the key list.
import catalog from './en/catalog.json' with { type: 'json' };
import common from './en/common.json' with { type: 'json' };
import consoleArea from './en/console.json' with { type: 'json' };
import inbox from './en/inbox.json' with { type: 'json' };
import moderation from './en/moderation.json' with { type: 'json' };
import responses from './en/responses.json' with { type: 'json' };
import stats from './en/stats.json' with { type: 'json' };
import studio from './en/studio.json' with { type: 'json' };
import webhooks from './en/webhooks.json' with { type: 'json' };

// One file per area of the client and per language, so a translator (or two people at once) edits one at a time.
export default {
  ...common,
  ...catalog,
  ...consoleArea,
  ...moderation,
  ...webhooks,
  ...stats,
  ...inbox,
  ...responses,
  ...studio,
};
