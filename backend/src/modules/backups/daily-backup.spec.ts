import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pruneBackups } from './daily-backup.service.js';

describe('pruneBackups', () => {
  it('keeps the newest daily archives and deletes the older ones, leaving other files alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wcrm-prune-'));
    const days = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];
    for (const day of days) writeFileSync(join(dir, `wcrm-daily-${day}T03-30-00-000Z.tar.gz`), 'x');
    writeFileSync(join(dir, 'wcrm-2026-11-01T10-00-00-000Z.tar.gz'), 'a manual backup');
    expect(await pruneBackups(dir, 3)).toEqual([`wcrm-daily-2026-11-20T03-30-00-000Z.tar.gz`, `wcrm-daily-2026-11-21T03-30-00-000Z.tar.gz`]);
    expect(readdirSync(dir).sort()).toEqual([
      'wcrm-2026-11-01T10-00-00-000Z.tar.gz',
      'wcrm-daily-2026-11-22T03-30-00-000Z.tar.gz',
      'wcrm-daily-2026-11-23T03-30-00-000Z.tar.gz',
      'wcrm-daily-2026-11-24T03-30-00-000Z.tar.gz',
    ]);
    expect(await pruneBackups(dir, 3)).toEqual([]);
  });
});
