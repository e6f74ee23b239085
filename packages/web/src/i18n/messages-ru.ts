// The Russian catalogue, every area merged: a chunk of its own, fetched only when the page is to be in Russian.
import catalog from './ru/catalog.json' with { type: 'json' };
import common from './ru/common.json' with { type: 'json' };
import consoleArea from './ru/console.json' with { type: 'json' };
import inbox from './ru/inbox.json' with { type: 'json' };
import moderation from './ru/moderation.json' with { type: 'json' };
import responses from './ru/responses.json' with { type: 'json' };
import stats from './ru/stats.json' with { type: 'json' };
import studio from './ru/studio.json' with { type: 'json' };
import webhooks from './ru/webhooks.json' with { type: 'json' };

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
