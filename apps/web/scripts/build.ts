/**
 * `npm run build -w apps/web [-- --outDir DIR] [-- --manifest]`: the browser's bundle into DIR
 * (default dist) and the server's rendering of the public pages (src/entry-server.tsx) into
 * DIR/ssr, which apps/server loads to send those pages as HTML with all their content.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'vite';

const args = process.argv.slice(2);
const outDirArg = args.indexOf('--outDir');
const root = path.resolve(import.meta.dirname, '..');
const outDir = path.resolve(root, outDirArg >= 0 ? (args[outDirArg + 1] ?? 'dist') : 'dist');
const logLevel = args.includes('--quiet') ? 'error' : 'info';

await build({
  root,
  logLevel,
  build: { outDir, emptyOutDir: true, manifest: args.includes('--manifest') },
});
// Each script and stylesheet also as .br and .gz beside it: the server sends the smallest one the
// browser accepts (@fastify/static's preCompressed), without compressing on every request.
const assets = path.join(outDir, 'assets');
for (const name of fs.readdirSync(assets)) {
  if (!/\.(js|css)$/.test(name)) continue;
  const file = path.join(assets, name);
  const content = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
}

await build({
  root,
  logLevel,
  publicDir: false,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: path.join(outDir, 'ssr'),
    emptyOutDir: true,
    // One file plus its lazy chunks, ES modules, loaded by the server with import().
    rollupOptions: {
      output: { entryFileNames: 'entry-server.js' },
      // The server imports the landing page's lower half directly (the browser loads it lazily).
      onwarn: (warning, warn) => {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
    },
  },
  // The workspace's TypeScript sources are compiled in; npm packages are imported at run time.
  ssr: { noExternal: ['@app/shared'] },
});
