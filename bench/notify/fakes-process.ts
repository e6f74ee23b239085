// The four fake providers in their own process (the bench's sender and fakes then use both cores).
import { startPushFakes } from '../../packages/server/test/helpers/push-fakes/index.js';

const fakes = await startPushFakes();
const scripts = [fakes.fcm.script, fakes.apns.script, fakes.hms.script, fakes.rustore.script];
for (const script of scripts) script.keepRecords = false;

const accepted = () => ({
  android: fakes.fcm.script.acceptedCount,
  ios: fakes.apns.script.acceptedCount,
  huawei: fakes.hms.script.acceptedCount,
  rustore: fakes.rustore.script.acceptedCount,
});

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

process.on('message', async (message: { type: string }) => {
  if (message.type === 'stats') process.send?.({ type: 'stats', accepted: accepted(), cpuMs: cpuMs() });
  if (message.type === 'reset') {
    for (const script of scripts) script.reset();
    process.send?.({ type: 'reset' });
  }
  if (message.type === 'close') {
    await fakes.close();
    process.exit(0);
  }
});
process.send?.({ type: 'env', env: fakes.env });
