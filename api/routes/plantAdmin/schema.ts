import { z } from 'zod';
import { adminPlantFileSchema } from '../../../domain/plant/adminPlantFile.js';

/** The plant file to preview: nothing is written. */
export const previewBody = z.object({ plant: adminPlantFileSchema }).strict();

/** The plant file to apply, with the plant's revision it was read or previewed at (`GET /admin/plant`, the preview). */
export const applyBody = z
  .object({
    revision: z.number().int().min(-1).max(Number.MAX_SAFE_INTEGER),
    plant: adminPlantFileSchema,
  })
  .strict();

/** The message of a refused plant file, as the page shows it above the fields' own. */
export const BAD_PLANT_FILE = 'File impianto non valido: nulla è stato scritto';
