import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mallocSettingsNote, SERVER_MALLOC_ENV, SERVER_NODE_FLAGS } from './process-memory.ts';

const startScript = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }).scripts.start;

describe('the server process memory settings', () => {
  it('npm start sets every allocator setting and node flag the harnesses use', () => {
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) expect(startScript).toContain(` ${name}=${value} `);
    for (const flag of SERVER_NODE_FLAGS) expect(startScript).toMatch(new RegExp(`node [^&]*${flag}( [^& ]+)* src/server/main\\.ts`));
  });

  it('a Linux start without them is told what npm start sets', () => {
    const note = mallocSettingsNote({}, 'linux');
    expect(note).toContain('MALLOC_ARENA_MAX=1');
    expect(note).toContain('MALLOC_TRIM_THRESHOLD_=131072');
    expect(mallocSettingsNote({ MALLOC_ARENA_MAX: '1' }, 'linux')).toContain('started without MALLOC_TRIM_THRESHOLD_;');
  });

  it('says nothing when they are set, or off Linux (another allocator)', () => {
    expect(mallocSettingsNote({ ...SERVER_MALLOC_ENV }, 'linux')).toBeNull();
    expect(mallocSettingsNote({}, 'darwin')).toBeNull();
  });
});
