/**
 * Writes the empty cluster a new PGlite folder starts from (db/empty-cluster.ts) with the installed PGlite,
 * into npm's cache folder. Run by `postinstall` (and `npm run db:empty-cluster`); a current one is kept.
 * Creating the cluster runs initdb once, here, instead of in the server's first start.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { currentEmptyCluster, EMPTY_CLUSTER_FILE, EMPTY_CLUSTER_MANIFEST, installedPgliteVersion, sha256Of, type EmptyClusterManifest } from '../db/empty-cluster.ts';

if (currentEmptyCluster()) {
  console.log(`Empty cluster for PGlite ${installedPgliteVersion()}: current (${EMPTY_CLUSTER_FILE})`);
} else {
  const pg = await PGlite.create();
  const dump = new Uint8Array(await (await pg.dumpDataDir('gzip')).arrayBuffer());
  await pg.close();
  mkdirSync(dirname(EMPTY_CLUSTER_FILE), { recursive: true });
  writeFileSync(EMPTY_CLUSTER_FILE, dump);
  const manifest: EmptyClusterManifest = { pglite: installedPgliteVersion(), sha256: sha256Of(dump), bytes: dump.length };
  writeFileSync(EMPTY_CLUSTER_MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
  console.log(`Empty cluster for PGlite ${manifest.pglite}: ${EMPTY_CLUSTER_FILE} (${dump.length} bytes)`);
}
