// Backup and restore of a shop's data (docs/decisions/0606): a consistent database snapshot plus the uploaded files,
// in one dated .tar.gz, taken while the shop keeps serving. Used by scripts/backup.mjs, scripts/restore.mjs and the
// backup test. Plain JavaScript so it runs without a build.
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Where the data lives, read like the server reads it (DATA_DIR, DATABASE_URL). */
export function locate(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const url = env.DATABASE_URL?.trim() || `sqlite:${path.join(dataDir, 'shop.db')}`;
  const postgres = /^postgres(ql)?:/.test(url);
  return { dataDir, databaseUrl: url, dialect: postgres ? 'postgres' : 'sqlite', sqliteFile: postgres ? undefined : url.replace(/^(sqlite|file):(\/\/)?/, '') };
}

/** Folders of DATA_DIR that hold the shop's files (resized variants are left out: they are made again on demand). */
const FILE_DIRS = ['uploads', path.join('private', 'screenshots')];
const SECRET = 'jwt-secret';

function stamp(date = new Date()) {
  return date.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
}

/** Hard-links (same disk: instant, and the file survives a later delete) or copies every file not yet staged. */
function stageFiles(dataDir, staging) {
  let count = 0;
  for (const dir of FILE_DIRS) {
    const from = path.join(dataDir, dir);
    const to = path.join(staging, dir);
    mkdirSync(to, { recursive: true });
    if (!existsSync(from)) continue;
    for (const name of readdirSync(from)) {
      if (name.startsWith('.') || name.endsWith('.tmp')) continue;
      const source = path.join(from, name);
      const target = path.join(to, name);
      if (existsSync(target)) continue;
      try {
        if (!statSync(source).isFile()) continue;
        try {
          linkSync(source, target);
        } catch {
          copyFileSync(source, target);
        }
        count += 1;
      } catch (err) {
        if (err.code !== 'ENOENT') throw err; // removed meanwhile: its row is gone too
      }
    }
  }
  return count;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args[0] ?? ''} failed: ${result.stderr || result.stdout}`);
  return result;
}

function hasCommand(command) {
  const result = spawnSync(command, ['--version'], { encoding: 'utf8' });
  return !result.error && result.status === 0;
}

/**
 * Writes `<outDir>/topup-backup-<UTC stamp>.tar.gz` and answers its path. Order of work: files staged (linked),
 * then the database snapshot, then files that appeared meanwhile. Every row in the snapshot points at a file that
 * existed when it committed, so it is in the archive.
 */
export async function backup({ env = process.env, outDir, log = console.log } = {}) {
  const where = locate(env);
  const target = path.resolve(outDir || path.join(where.dataDir, 'backups'));
  mkdirSync(target, { recursive: true });
  const name = `topup-backup-${stamp()}`;
  const staging = path.join(target, `.${name}.staging`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    let files = stageFiles(where.dataDir, staging);
    if (where.dialect === 'sqlite') {
      if (!existsSync(where.sqliteFile)) throw new Error(`No database at ${where.sqliteFile}: nothing to back up.`);
      // SQLite's online backup API: a consistent copy while the shop keeps writing (WAL), page by page.
      const db = new Database(where.sqliteFile, { readonly: true, fileMustExist: true });
      try {
        await db.backup(path.join(staging, 'shop.db'));
      } finally {
        db.close();
      }
    } else {
      if (!hasCommand('pg_dump')) {
        throw new Error('DATABASE_URL is PostgreSQL but pg_dump is not installed (Debian: apt-get install postgresql-client). Nothing was written.');
      }
      // One transaction-consistent snapshot of the database, in pg_dump's custom format (pg_restore reads it).
      run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, 'shop.pgdump')}`, where.databaseUrl]);
    }
    files += stageFiles(where.dataDir, staging);
    if (existsSync(path.join(where.dataDir, SECRET))) copyFileSync(path.join(where.dataDir, SECRET), path.join(staging, SECRET));
    writeFileSync(
      path.join(staging, 'manifest.json'),
      JSON.stringify({ format: 1, createdAt: new Date().toISOString(), dialect: where.dialect, files }, null, 2),
    );
    const archive = path.join(target, `${name}.tar.gz`);
    run('tar', ['-czf', `${archive}.partial`, '-C', staging, '.']);
    run('mv', [`${archive}.partial`, archive]);
    log(`Backup written: ${archive} (${where.dialect} database, ${files} files)`);
    return archive;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Restores an archive into an empty (or missing) DATA_DIR, and on PostgreSQL into an empty database. */
export async function restore({ archive, env = process.env, log = console.log }) {
  if (!archive || !existsSync(archive)) throw new Error(`Usage: npm run restore -- FILE (no archive at ${archive ?? '(none)'})`);
  const where = locate(env);
  if (existsSync(where.dataDir) && readdirSync(where.dataDir).length > 0) {
    throw new Error(`DATA_DIR ${where.dataDir} is not empty: restore only into an empty data folder (move the old one aside first).`);
  }
  mkdirSync(where.dataDir, { recursive: true });
  const unpack = path.join(where.dataDir, '.restore');
  mkdirSync(unpack);
  try {
    run('tar', ['-xzf', path.resolve(archive), '-C', unpack]);
    const manifest = JSON.parse(readFileSync(path.join(unpack, 'manifest.json'), 'utf8'));
    if (manifest.format !== 1) throw new Error(`Unknown backup format ${manifest.format}.`);
    if (manifest.dialect !== where.dialect) {
      throw new Error(`The archive holds a ${manifest.dialect} database but DATABASE_URL points at ${where.dialect}.`);
    }
    for (const dir of FILE_DIRS) {
      mkdirSync(path.dirname(path.join(where.dataDir, dir)), { recursive: true });
      run('mv', [path.join(unpack, dir), path.join(where.dataDir, dir)]);
    }
    if (existsSync(path.join(unpack, SECRET))) run('mv', [path.join(unpack, SECRET), path.join(where.dataDir, SECRET)]);
    if (where.dialect === 'sqlite') {
      mkdirSync(path.dirname(where.sqliteFile), { recursive: true });
      if (existsSync(where.sqliteFile)) throw new Error(`${where.sqliteFile} already exists: restore only into an empty data folder.`);
      run('mv', [path.join(unpack, 'shop.db'), where.sqliteFile]);
    } else {
      if (!hasCommand('pg_restore')) throw new Error('pg_restore is not installed (Debian: apt-get install postgresql-client).');
      run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${where.databaseUrl}`, path.join(unpack, 'shop.pgdump')]);
    }
    log(`Restored ${archive} into ${where.dataDir} (${manifest.dialect} database, ${manifest.files} files, taken ${manifest.createdAt})`);
    return manifest;
  } finally {
    rmSync(unpack, { recursive: true, force: true });
  }
}
