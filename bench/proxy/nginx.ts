// Baseline: Debian's nginx with proxy_pass to the same https origin, one worker (as Node has one thread), keep-alive upstream.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NginxTarget {
  port: number;
  process: ChildProcess;
}

export function startNginx(dir: string, port: number, origin: { port: number; caFile: string }): NginxTarget {
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const conf = join(dir, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}
  upstream origin { server 127.0.0.1:${origin.port}; keepalive 128; }
  server {
    listen 127.0.0.1:${port};
    keepalive_requests 1000000;
    location / {
      proxy_pass https://origin;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host origin.test;
      proxy_ssl_server_name on;
      proxy_ssl_name origin.test;
      proxy_ssl_verify on;
      proxy_ssl_trusted_certificate ${origin.caFile};
      proxy_ssl_session_reuse on;
    }
  }
}
`,
  );
  const child = spawn('nginx', ['-c', conf, '-p', dir], { stdio: 'ignore' });
  return { port, process: child };
}
