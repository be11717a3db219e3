// Every npm script runs through this guard: with --ignore-scripts the project's own Node 24
// (the `node` dependency) is not installed and npm silently falls back to the machine's Node 20.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(
    `Drone Doctor needs Node 24 (the project's own "node" dependency); this is Node ${process.versions.node}.\n` +
      'Run "npm install" (without --ignore-scripts) so node_modules/.bin/node is present, then run the script through npm.',
  );
  process.exit(1);
}
