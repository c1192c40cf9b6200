import fs from 'node:fs'
import fsp from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type * as S3Sdk from '@aws-sdk/client-s3'
import type { _Object, S3Client } from '@aws-sdk/client-s3'
import type { getSignedUrl as GetSignedUrl } from '@aws-sdk/s3-request-presigner'
import {
  DEFAULT_URL_TTL_SECONDS,
  assertValidKey,
  assertValidPrefix,
  contentTypeFor,
  fileNotFound,
} from './storage'
import type { ListedObject, Storage, StoredObject } from './storage'

export interface S3Options {
  bucket: string
  region: string
  /** Custom endpoint (MinIO, R2, …); unset = AWS. */
  endpoint?: string
  accessKeyId?: string
  secretAccessKey?: string
  /** Where a stream of unknown length is spooled to learn its size (PutObject needs it). */
  tmpDir?: string
}

/**
 * An S3-compatible bucket. Path-style addressing works with every S3 clone; checksums only when the
 * operation requires them, because many clones reject the SDK's default CRC32 trailers.
 */
export function createS3Storage(opts: S3Options): Storage {
  // The AWS SDK loads with the first storage call, not at start-up, where it cost half a second.
  let loaded: Promise<{ sdk: typeof S3Sdk; getSignedUrl: typeof GetSignedUrl; client: S3Client }> | undefined
  const aws = () =>
    (loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
      ([sdk, presigner]) => ({
        sdk,
        getSignedUrl: presigner.getSignedUrl,
        client: new sdk.S3Client({
          region: opts.region,
          endpoint: opts.endpoint,
          forcePathStyle: true,
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          credentials:
            opts.accessKeyId && opts.secretAccessKey
              ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
              : undefined,
        }),
      }),
    ))
  const Bucket = opts.bucket
  const tmpDir = opts.tmpDir ?? os.tmpdir()

  async function stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key)
    const { sdk, client } = await aws()
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }))
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? contentTypeFor(key),
        modifiedAt: head.LastModified ?? new Date(0),
      }
    } catch (err) {
      if (isNotFound(err)) return null
      throw err
    }
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertValidKey(key)
      const ContentType = contentType ?? contentTypeFor(key)
      const { sdk, client } = await aws()
      if (!(body instanceof Readable)) {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: key,
            Body: body,
            ContentType,
            ContentLength: body.byteLength,
          }),
        )
      } else {
        // PutObject needs the length up front; a stream's is unknown until it ends.
        await fsp.mkdir(tmpDir, { recursive: true })
        const spool = path.join(tmpDir, `mp-s3-${randomBytes(8).toString('hex')}`)
        try {
          await pipeline(body, fs.createWriteStream(spool))
          const { size } = await fsp.stat(spool)
          await client.send(
            new sdk.PutObjectCommand({
              Bucket,
              Key: key,
              Body: fs.createReadStream(spool),
              ContentType,
              ContentLength: size,
            }),
          )
        } finally {
          await fsp.rm(spool, { force: true })
        }
      }
      const object = await stat(key)
      if (!object) throw new Error(`storage: ${key} missing right after upload`)
      return object
    },
    async get(key, range) {
      assertValidKey(key)
      const { sdk, client } = await aws()
      try {
        const res = await client.send(
          new sdk.GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        )
        const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1]
        const object: StoredObject = {
          key,
          size: total ? Number(total) : (res.ContentLength ?? 0),
          contentType: res.ContentType ?? contentTypeFor(key),
          modifiedAt: res.LastModified ?? new Date(0),
        }
        if (!(res.Body instanceof Readable)) throw new Error('storage: S3 answered without a body stream')
        return { object, body: res.Body }
      } catch (err) {
        if (isNotFound(err)) throw fileNotFound()
        throw err
      }
    },
    stat,
    async list(prefix) {
      assertValidPrefix(prefix)
      const { sdk, client } = await aws()
      const listed: ListedObject[] = []
      let ContinuationToken: string | undefined
      // A page holds at most 1000 keys; follow the continuation token to the end.
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        )
        listed.push(...listedObjects(page.Contents))
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (ContinuationToken)
      return listed
    },
    async delete(key) {
      assertValidKey(key)
      const { sdk, client } = await aws()
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }))
    },
    async url(key, urlOpts = {}) {
      assertValidKey(key)
      const { sdk, client, getSignedUrl } = await aws()
      const command = new sdk.GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: urlOpts.downloadName
          ? `attachment; filename="${urlOpts.downloadName.replace(/["\\\r\n]/g, '_')}"`
          : undefined,
      })
      return getSignedUrl(client, command, { expiresIn: urlOpts.expiresInSeconds ?? DEFAULT_URL_TTL_SECONDS })
    },
  }
}

/** A ListObjectsV2 page's entries; entries without a key (never sent by S3, but typed optional) are skipped. */
export function listedObjects(contents: _Object[] | undefined): ListedObject[] {
  return (contents ?? []).flatMap((o) =>
    o.Key ? [{ key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) }] : [],
  )
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}
