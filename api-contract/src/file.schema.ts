import { z } from 'zod';

// Routes that answer with a file's bytes (Fastify sends a Buffer as it is, without serialising it): the
// response schema documents the media type and satisfies the rule that every route declares its answer.

export const pdfFileSchema = z.any().describe('application/pdf');
export const webpImageSchema = z.any().describe('image/webp');

/** robots.txt and sitemap.xml: text, not JSON. */
export const textFileSchema = z.string();
