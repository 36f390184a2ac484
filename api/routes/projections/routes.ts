import { z } from 'zod';
import { notFound } from '../../../domain/shared/errors.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../validation.js';
import type { RouteDef } from '../types.js';

/** Operations view of the read models: position, lag, state, and blue/green rebuilds with progress. */
export function projectionRoutes(deps: AppDeps): RouteDef[] {
  const nameSchema = z.object({ name: z.enum(deps.engine.names() as [string, ...string[]]) });
  return [
    {
      method: 'get',
      path: '/admin/projections',
      action: 'ops:read',
      async handler(ctx) {
        ctx.body = await deps.engine.status({ rows: true });
      },
    },
    {
      method: 'post',
      path: '/admin/projections/:name/rebuild',
      action: 'ops:rebuild',
      async handler(ctx) {
        const { name } = parseInput(nameSchema, ctx.params, 'Proiezione sconosciuta');
        const jobId = await deps.scheduler.requestRebuild(name);
        ctx.status = 202;
        ctx.body = { job_id: jobId, name };
      },
    },
    {
      method: 'get',
      path: '/admin/projections/rebuilds/:jobId',
      action: 'ops:read',
      async handler(ctx) {
        const progress = await deps.scheduler.rebuildProgress(String(ctx.params.jobId));
        if (!progress) throw notFound('Ricostruzione non trovata');
        ctx.body = progress;
      },
    },
  ];
}
