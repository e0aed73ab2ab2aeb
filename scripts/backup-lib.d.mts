// Types of backup-lib.mjs for the TypeScript tests that drive it.
export type S3Location = {
  bucket: string;
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};
export type Located = {
  dataDir: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  sqliteFile: string | undefined;
  s3: S3Location | undefined;
};
export type Manifest = { format: 1; createdAt: string; dialect: 'sqlite' | 'postgres'; storage?: 'local' | 's3'; files: number };
export function locate(env?: Record<string, string | undefined>): Located;
export function backup(options?: {
  env?: Record<string, string | undefined>;
  outDir?: string;
  log?: (line: string) => void;
}): Promise<string>;
export function restore(options: {
  archive: string;
  env?: Record<string, string | undefined>;
  log?: (line: string) => void;
}): Promise<Manifest>;
