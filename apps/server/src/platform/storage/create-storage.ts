import path from 'node:path'
import type { Config } from '../config'
import { createFileLinks, fileLinkSecret } from './file-links'
import type { FileLinks } from './file-links'
import { createLocalStorage } from './local-storage'
import { createS3Storage } from './s3-storage'
import type { Storage } from './storage'

/** The configured storage: S3 when S3_BUCKET is set, else DATA_DIR/files. */
export function createStorage(config: Config): Storage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      tmpDir: path.join(config.dataDir, 'tmp'),
    })
  }
  return createLocalStorage(path.join(config.dataDir, 'files'), fileLinksFor(config))
}

/** The signer of /api/files links for this configuration. */
export function fileLinksFor(config: Config): FileLinks {
  return createFileLinks(fileLinkSecret(config), config.publicUrl)
}
