// Process entry of `miniapps`: runs the command line against the real process and exits with its code.
import { run } from './cli.js';
import { processIo } from './io.js';

const code = await run(process.argv.slice(2), processIo());
// Exit explicitly: a finished command must not wait on signal listeners or idle keep-alive sockets.
process.exit(code);
