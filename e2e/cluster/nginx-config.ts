/**
 * The nginx configuration in front of the portal's instances: the test's (plain HTTP on loopback) and
 * production's (TLS and HTTP/2 on 443) come from this one function, so docs/deploy.md shows what the
 * cluster test runs (`npx tsx e2e/cluster/print-nginx-config.ts` prints the production one).
 */
export interface NginxOptions {
  /** host:port of each portal instance. */
  upstreams: readonly string[];
  /** Where nginx listens: `127.0.0.1:8080` (test) or `443` with TLS. */
  listen: string;
  /** Certificate and key for TLS + HTTP/2; absent: plain HTTP (the test on loopback). */
  tls?: { certificate: string; key: string; serverName: string };
  /** Folder for nginx's pid, logs and request-body temp files (the test's throw-away folder); absent: the distribution's. */
  runtimeDir?: string;
}

/** 21 MB: the portal's own bound on a multipart body (two 10 MB photos and the form, MULTIPART_BODY_LIMIT). */
const UPLOAD_LIMIT = '21m';

function listenDirectives(options: NginxOptions): string {
  if (!options.tls) return `listen ${options.listen};`;
  return [
    // nginx before 1.25 (Debian 12's 1.22) spells HTTP/2 on the listen line.
    `listen ${options.listen} ssl http2;`,
    `server_name ${options.tls.serverName};`,
    `ssl_certificate ${options.tls.certificate};`,
    `ssl_certificate_key ${options.tls.key};`,
    'ssl_protocols TLSv1.2 TLSv1.3;',
    'ssl_session_cache shared:tls:10m;',
    'add_header Strict-Transport-Security "max-age=31536000" always;',
  ].join('\n    ');
}

function runtimeDirectives(runtime: string | undefined): { main: string; http: string } {
  if (!runtime) return { main: '', http: 'access_log /var/log/nginx/portal.access.log;' };
  return {
    main: `pid ${runtime}/nginx.pid;\nerror_log ${runtime}/error.log warn;\n`,
    http: ['access_log off;', ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${runtime}/${kind};`)].join('\n  '),
  };
}

export function nginxConfig(options: NginxOptions): string {
  const runtime = runtimeDirectives(options.runtimeDir);
  const servers = options.upstreams.map((address) => `    server ${address} max_fails=1 fail_timeout=5s;`).join('\n');
  return `${runtime.main}worker_processes auto;
events { worker_connections 4096; }

http {
  ${runtime.http}
  types { text/html html; application/javascript js mjs; text/css css; image/svg+xml svg; image/png png; image/jpeg jpg; application/json json; font/woff2 woff2; }
  default_type application/octet-stream;
  server_tokens off;

  # Text answers compressed on the way out (JSON, NDJSON progress, scripts, styles).
  gzip on;
  gzip_proxied any;
  gzip_min_length 1024;
  gzip_types application/json application/javascript text/css image/svg+xml application/x-ndjson;

  upstream portal {
    # Sessions live in Redis: any instance serves any request, no stickiness.
    least_conn;
${servers}
    keepalive 64;
  }

  server {
    ${listenDirectives(options)}
    client_max_body_size ${UPLOAD_LIMIT};

    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Request-Id $request_id;
    # An instance that refuses the connection or fails before answering: the request goes to the next one.
    # A POST is passed on only when nothing of it was sent (nginx never replays a non-idempotent request).
    proxy_next_upstream error timeout http_502 http_503;
    proxy_next_upstream_tries 3;
    proxy_connect_timeout 2s;
    proxy_read_timeout 120s;

    # Uploads and imports stream to the portal; import progress comes back line by line (x-accel-buffering: no).
    location /apis/ {
      proxy_pass http://portal;
      proxy_request_buffering off;
    }

    # The entrance room's server-sent events: each snapshot passed on as it comes, the stream held open
    # (a comment line every 20 s keeps it under the read timeout).
    location = /apis/entrance-room/events {
      proxy_pass http://portal;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }

    # Hashed build files never change: cached for a year by browsers and any CDN in front.
    location /assets/ {
      proxy_pass http://portal;
      proxy_hide_header Cache-Control;
      add_header Cache-Control "public, max-age=31536000, immutable" always;
    }

    # index.html and the client routes: always revalidated (the portal says no-cache).
    location / {
      proxy_pass http://portal;
    }
  }
}
`;
}
