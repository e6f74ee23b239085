// The bench's baseline: the same mix of device messages through the provider clients alone, no database or queue.
import { loadConfig } from '../../packages/server/src/config.js';
import { closeProviders, createProviders } from '../../packages/server/src/notify/providers/index.js';
import type { PushMessage } from '../../packages/server/src/notify/providers/types.js';
import { PLATFORM_MIX } from './seed.js';

const CHUNK = 500;

/** Messages per second the provider clients reach on their own, `concurrency` chunks of 500 at a time. */
export async function providerBaseline(
  env: Record<string, string>,
  messages: number,
  concurrency: number,
  only?: keyof typeof PLATFORM_MIX,
): Promise<number> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/tmp', ...env });
  const providers = createProviders(config.push);
  const message: PushMessage = {
    notificationId: 'ntf_baseline',
    organizationId: 'bench',
    slug: 'news',
    title: 'Campus News: Push',
    body: 'Benchmark',
    page: '/news/1',
    link: 'miniapps://open/bench/news?page=%2Fnews%2F1',
  };
  const chunks: Array<{ platform: keyof typeof PLATFORM_MIX; tokens: string[] }> = [];
  const mix = only ? { [only]: 1 } : PLATFORM_MIX;
  for (const [platform, share] of Object.entries(mix) as Array<[keyof typeof PLATFORM_MIX, number]>) {
    const count = Math.round(messages * share);
    for (let i = 0; i < count; i += CHUNK) {
      const tokens = Array.from({ length: Math.min(CHUNK, count - i) }, (_, j) =>
        platform === 'ios' ? (i + j).toString(16).padStart(64, '0') : `${platform}-baseline-${i + j}`,
      );
      chunks.push({ platform, tokens });
    }
  }
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < chunks.length) {
        const chunk = chunks[next++]!;
        await providers[chunk.platform]!.send(message, chunk.tokens);
      }
    }),
  );
  const perSecond = messages / ((performance.now() - started) / 1000);
  await closeProviders(providers);
  return perSecond;
}
