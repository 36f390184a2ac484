import type { Projection } from './types.js';
import { usersProjection } from './users/users.projection.js';

/** Every read model of the product. A new screen's projection is added here. */
export const allProjections: Projection[] = [usersProjection];
