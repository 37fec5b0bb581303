import type { FastifyRequest } from 'fastify';
import { MSG } from '#shared/messages.ts';
import { AppError } from './errors.ts';

type ImageUpload = { image: Buffer; fields: Record<string, string> };

/**
 * Reads an admin image upload: the file in the field `image` (ARCHITECTURE.md section 3) and
 * the text fields beside it. The 10 MB cap is the multipart plugin's (413 with SPEC.md's text).
 */
export async function readImageUpload(req: FastifyRequest): Promise<ImageUpload> {
  if (!req.isMultipart()) throw new AppError('image_required', MSG.imageType, 400);
  const fields: Record<string, string> = {};
  let image: Buffer | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      // Drained even when unused, so parsing can go on.
      const buffer = await part.toBuffer();
      if (part.fieldname === 'image' && buffer.length > 0) image = buffer;
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (!image) throw new AppError('image_required', MSG.imageType, 400);
  return { image, fields };
}
