import type { FastifyRequest } from 'fastify';
import { MSG } from '#shared/messages/api.ts';
import { AppError } from './errors.ts';

type MultipartForm = {
  file: Buffer | undefined;
  /** The file's name as the browser sent it. */
  fileName?: string | undefined;
  fields: Record<string, string>;
};

/**
 * Reads a multipart body: the non-empty file in `fileField`, and the text fields. Every other
 * file is drained unused, so parsing can go on. The 10 MB cap is the multipart plugin's.
 */
export async function readMultipart(req: FastifyRequest, fileField: string): Promise<MultipartForm> {
  const fields: Record<string, string> = {};
  let file: Buffer | undefined;
  let fileName: string | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (part.fieldname === fileField && buffer.length > 0) {
        file = buffer;
        fileName = part.filename;
      }
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  return { file, fileName, fields };
}

/** A form field that carries JSON; 400 naming the field when it is not JSON. */
export function parseJsonField(text: string | undefined, field: string): unknown {
  try {
    return JSON.parse(text ?? '');
  } catch {
    throw new AppError('validation_error', MSG.checkRequiredFields, 400, {
      fields: { [field]: 'Invalid JSON' },
    });
  }
}

/**
 * Reads an admin image upload: the file in the field `image` (the HTTP API in docs/architecture.md) and
 * the text fields beside it (docs/product.md's text when there is no image).
 */
export async function readImageUpload(
  req: FastifyRequest,
): Promise<{ image: Buffer; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('image_required', MSG.imageType, 400);
  const { file, fields } = await readMultipart(req, 'image');
  if (!file) throw new AppError('image_required', MSG.imageType, 400);
  return { image: file, fields };
}
