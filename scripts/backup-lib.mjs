// Backup and restore of a shop's data (docs/decisions/0036): a consistent database snapshot plus the uploaded files,
// in one dated .tar.gz, taken while the shop keeps serving. Used by scripts/backup.mjs, scripts/restore.mjs and the
// backup test. Plain JavaScript so it runs without a build. The uploaded files come from DATA_DIR, or from the bucket
// when S3_BUCKET is set (docs/decisions/0074); the archive is the same either way, so it restores into either.
import { spawnSync } from 'node:child_process';
import { existsSync, linkSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** Where the data lives, read like the server reads it (DATA_DIR, DATABASE_URL, S3_*). */
export function locate(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  const url = env.DATABASE_URL?.trim() || `sqlite:${path.join(dataDir, 'shop.db')}`;
  const postgres = /^postgres(ql)?:/.test(url);
  const text = (name) => env[name]?.trim() || undefined;
  const s3 = text('S3_BUCKET')
    ? {
        bucket: text('S3_BUCKET'),
        endpoint: text('S3_ENDPOINT'),
        region: text('S3_REGION') ?? 'us-east-1',
        accessKeyId: text('S3_ACCESS_KEY_ID'),
        secretAccessKey: text('S3_SECRET_ACCESS_KEY'),
        forcePathStyle: ['true', '1', 'yes'].includes((text('S3_FORCE_PATH_STYLE') ?? '').toLowerCase()),
      }
    : undefined;
  return {
    dataDir,
    databaseUrl: url,
    dialect: postgres ? 'postgres' : 'sqlite',
    sqliteFile: postgres ? undefined : url.replace(/^(sqlite|file):(\/\/)?/, ''),
    s3,
  };
}

/**
 * Folders that hold the shop's files, in DATA_DIR and in the bucket alike (resized variants are left out: they are
 * made again on demand). Only names the server makes are taken: no temp files, no probes.
 */
const FILE_DIRS = ['uploads', path.join('private', 'screenshots')];
const STORED_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp|gif)$/;

/** The bucket of `s3` through the AWS SDK (loaded only when a bucket is configured). */
async function openBucket(s3) {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s3.bucket;
  return {
    /** Names stored under `dir/`. */
    async list(dir) {
      const names = [];
      let ContinuationToken;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: `${dir}/`, ContinuationToken }));
        for (const o of page.Contents ?? []) names.push(o.Key.slice(dir.length + 1));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return names;
    },
    /** The object's bytes, or null when it was removed meanwhile. */
    async get(dir, name) {
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: `${dir}/${name}` }));
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (err) {
        if (err.name === 'NoSuchKey') return null;
        throw err;
      }
    },
    async put(dir, name, data) {
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: `${dir}/${name}`,
          Body: data,
          ContentLength: data.length,
          ContentType: TYPES[path.extname(name)],
        }),
      );
    },
    close: () => client.destroy(),
  };
}

const TYPES = { '.png': 'image/png', '.jpg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif' };

/** Downloads every object of the bucket not yet staged. */
async function stageObjects(bucket, staging) {
  let count = 0;
  for (const dir of FILE_DIRS) {
    const to = path.join(staging, dir);
    mkdirSync(to, { recursive: true });
    for (const name of await bucket.list(dir.split(path.sep).join('/'))) {
      if (!STORED_NAME.test(name) || existsSync(path.join(to, name))) continue;
      const data = await bucket.get(dir.split(path.sep).join('/'), name);
      if (!data) continue; // removed meanwhile: its row is gone too
      writeFileSync(path.join(to, name), data);
      count += 1;
    }
  }
  return count;
}
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
      if (!STORED_NAME.test(name)) continue;
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

/** Running instances record themselves here (storage/storage-probe.ts): state of the moment, not data to restore. */
const PROBE_TABLE = 'storage_probes';

/** Empties the probe table of a database copy: a restored shop must not wait for the instances the copy was taken from. */
function forgetInstances(file) {
  const db = new Database(file);
  try {
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = ?").get(PROBE_TABLE);
    if (table) db.prepare(`delete from ${PROBE_TABLE}`).run();
  } finally {
    db.close();
  }
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
  const bucket = where.s3 ? await openBucket(where.s3) : undefined;
  const stage = () => (bucket ? stageObjects(bucket, staging) : stageFiles(where.dataDir, staging));
  try {
    let files = await stage();
    if (where.dialect === 'sqlite') {
      if (!existsSync(where.sqliteFile)) throw new Error(`No database at ${where.sqliteFile}: nothing to back up.`);
      // SQLite's online backup API: a consistent copy while the shop keeps writing (WAL), page by page.
      const db = new Database(where.sqliteFile, { readonly: true, fileMustExist: true });
      try {
        await db.backup(path.join(staging, 'shop.db'));
      } finally {
        db.close();
      }
      forgetInstances(path.join(staging, 'shop.db'));
    } else {
      if (!hasCommand('pg_dump')) {
        throw new Error(
          'DATABASE_URL is PostgreSQL but pg_dump is not installed (Debian: apt-get install postgresql-client). Nothing was written.',
        );
      }
      // One transaction-consistent snapshot of the database, in pg_dump's custom format (pg_restore reads it).
      // Without the running instances' probe rows (a restored shop is not one of them; storage/storage-probe.ts).
      run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--exclude-table-data=${PROBE_TABLE}`,
        `--file=${path.join(staging, 'shop.pgdump')}`,
        where.databaseUrl,
      ]);
    }
    files += await stage();
    if (existsSync(path.join(where.dataDir, SECRET))) copyFileSync(path.join(where.dataDir, SECRET), path.join(staging, SECRET));
    writeFileSync(
      path.join(staging, 'manifest.json'),
      JSON.stringify(
        { format: 1, createdAt: new Date().toISOString(), dialect: where.dialect, storage: bucket ? 's3' : 'local', files },
        null,
        2,
      ),
    );
    const archive = path.join(target, `${name}.tar.gz`);
    run('tar', ['-czf', `${archive}.partial`, '-C', staging, '.']);
    run('mv', [`${archive}.partial`, archive]);
    log(`Backup written: ${archive} (${where.dialect} database, ${files} files${bucket ? ` from bucket ${where.s3.bucket}` : ''})`);
    return archive;
  } finally {
    bucket?.close();
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Uploads the archive's files into the bucket, which must hold none yet (like DATA_DIR, restored only when empty). */
async function uploadFiles(s3, unpack) {
  const bucket = await openBucket(s3);
  try {
    for (const dir of FILE_DIRS) {
      if ((await bucket.list(dir.split(path.sep).join('/'))).length > 0) {
        throw new Error(
          `Bucket ${s3.bucket} already holds files under ${dir.split(path.sep).join('/')}/: restore only into an empty bucket.`,
        );
      }
    }
    for (const dir of FILE_DIRS) {
      const from = path.join(unpack, dir);
      if (!existsSync(from)) continue;
      for (const name of readdirSync(from)) {
        if (STORED_NAME.test(name)) await bucket.put(dir.split(path.sep).join('/'), name, readFileSync(path.join(from, name)));
      }
    }
  } finally {
    bucket.close();
  }
}

/** Restores an archive into an empty (or missing) DATA_DIR (and an empty bucket when S3_BUCKET is set), and on PostgreSQL into an empty database. */
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
    if (where.s3) {
      await uploadFiles(where.s3, unpack);
    } else {
      for (const dir of FILE_DIRS) {
        mkdirSync(path.dirname(path.join(where.dataDir, dir)), { recursive: true });
        run('mv', [path.join(unpack, dir), path.join(where.dataDir, dir)]);
      }
    }
    if (existsSync(path.join(unpack, SECRET))) run('mv', [path.join(unpack, SECRET), path.join(where.dataDir, SECRET)]);
    if (where.dialect === 'sqlite') {
      mkdirSync(path.dirname(where.sqliteFile), { recursive: true });
      if (existsSync(where.sqliteFile)) throw new Error(`${where.sqliteFile} already exists: restore only into an empty data folder.`);
      run('mv', [path.join(unpack, 'shop.db'), where.sqliteFile]);
    } else {
      if (!hasCommand('pg_restore')) throw new Error('pg_restore is not installed (Debian: apt-get install postgresql-client).');
      run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${where.databaseUrl}`,
        path.join(unpack, 'shop.pgdump'),
      ]);
    }
    const files = where.s3 ? `${manifest.files} files into bucket ${where.s3.bucket}` : `${manifest.files} files`;
    log(`Restored ${archive} into ${where.dataDir} (${manifest.dialect} database, ${files}, taken ${manifest.createdAt})`);
    return manifest;
  } finally {
    rmSync(unpack, { recursive: true, force: true });
  }
}
