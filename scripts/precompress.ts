/**
 * Writes a brotli (.br) and gzip (.gz) copy next to every compressible file of the web build, so that
 * @fastify/static serves them pre-compressed (DESIGN §7) without compressing on each request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2] ?? 'web/dist';
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|wasm)$/;
let files = 0;
let before = 0;
let after = 0;

for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
  const path = join(root, entry);
  if (!COMPRESSIBLE.test(path) || !statSync(path).isFile()) continue;
  const content = readFileSync(path);
  if (content.length < 1024) continue;
  const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
  before += content.length;
  after += brotli.length;
}
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
