import { z } from 'zod';

/** The plant's roles. The spec names demo users after them, so username and role coincide for demos. */
export const ROLES = ['frontline', 'support', 'demoit', 'demoen', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
