// The upload storage the configuration asks for, and where this instance keeps its resized copies of catalog images.
import path from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage, type FileStorage } from './file-storage.ts';

export async function createFileStorage(
  config: Pick<Config, 'dataDir' | 'storage'>,
): Promise<{ storage: FileStorage; variantRoot: string }> {
  if (config.storage.kind === 's3') {
    // The copies are a per-instance cache made from the bucket's originals; they never go to the bucket.
    const { createS3Storage } = await import('./s3-storage.ts');
    return { storage: await createS3Storage(config.storage), variantRoot: path.join(config.dataDir, 'cache', 'variants') };
  }
  const storage = await createLocalStorage(config.dataDir);
  // Beside the originals, as before: on a shared DATA_DIR volume every instance uses the same copies.
  return { storage, variantRoot: path.join(storage.roots.public, '.variants') };
}
