import { Inject, Injectable } from '@nestjs/common';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { RpcErrors, S3_CLIENT, S3_CONFIG, type S3Config } from '@kerf/platform';
import { DocumentsService } from './documents.service';

/**
 * The original file of a document, whole or a byte range, read from S3 as a
 * stream (GetObject with Range): never held in memory.
 */
@Injectable()
export class DocumentFileService {
  constructor(
    private readonly documents: DocumentsService,
    @Inject(S3_CLIENT) private readonly s3: S3Client,
    @Inject(S3_CONFIG) private readonly s3Config: S3Config,
  ) {}

  async open(
    userId: string,
    id: string,
    range: { start?: number; end?: number },
  ): Promise<{ body: AsyncIterable<Uint8Array>; contentType: string; size: number }> {
    const document = await this.documents.get(userId, id);
    const size = document.filesize;
    const start = range.start ?? 0;
    const end = Math.min(range.end ?? size - 1, size - 1);
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || start > end || start >= size)
      throw RpcErrors.invalid(`Bytes ${start}-${range.end ?? ''} are not in ${document.filename} (${size} bytes).`);
    const whole = start === 0 && end === size - 1;
    const object = await this.s3.send(
      new GetObjectCommand({
        Bucket: this.s3Config.S3_BUCKET,
        Key: document.storageKey,
        ...(whole ? {} : { Range: `bytes=${start}-${end}` }),
      }),
    );
    return {
      body: object.Body as AsyncIterable<Uint8Array>,
      contentType: object.ContentType || 'application/octet-stream',
      size,
    };
  }
}
