import { z } from 'zod';

/** A photo id in a URL: a uuid; anything else is simply not found (never a database error). */
export const ZPhotoId = z.uuid();
