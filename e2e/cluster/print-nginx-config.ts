// Prints the nginx configuration of docs/deploy.md: `-- compose` for compose.yaml's three instances
// (plain HTTP, written to deploy/nginx.conf), else production's (TLS and HTTP/2 on 443).
import { nginxConfig } from './nginx-config';

const forCompose = process.argv.includes('compose');
process.stdout.write(
  forCompose
    ? nginxConfig({ listen: '80', upstreams: ['portal-1:3000', 'portal-2:3000', 'portal-3:3000'] })
    : nginxConfig({
        listen: '443',
        upstreams: ['10.0.0.11:3000', '10.0.0.12:3000', '10.0.0.13:3000'],
        tls: { certificate: '/etc/nginx/tls/portal.crt', key: '/etc/nginx/tls/portal.key', serverName: 'expo.example.cn' },
      }),
);
