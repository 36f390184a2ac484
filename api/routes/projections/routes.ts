import { z } from 'zod';
import { notFound } from '../../../domain/shared/errors.js';
import type { AppDeps } from '../../deps.js';
import { route, type RouteDef } from '../types.js';

/** Operations view of the read models: position, lag, state, and blue/green rebuilds with progress. */
export function projectionRoutes(deps: AppDeps): RouteDef[] {
  const nameSchema = z.object({ name: z.enum(deps.engine.names() as [string, ...string[]]) });
  /** Any text: an unknown job is a 404. */
  const jobParams = z.object({ jobId: z.string() });
  return [
    {
      method: 'get',
      path: '/admin/projections',
      action: 'ops:read',
      async handler(ctx) {
        ctx.body = await deps.engine.status({ rows: true });
      },
    },
    route({
      method: 'post',
      path: '/admin/projections/:name/rebuild',
      action: 'ops:rebuild',
      input: { params: nameSchema, paramsMessage: 'Proiezione sconosciuta' },
      status: 202,
      async handler(ctx) {
        const jobId = await deps.scheduler.requestRebuild(ctx.input.params.name);
        ctx.body = { job_id: jobId, name: ctx.input.params.name };
      },
    }),
    route({
      method: 'get',
      path: '/admin/projections/rebuilds/:jobId',
      action: 'ops:read',
      input: { params: jobParams },
      async handler(ctx) {
        const progress = await deps.scheduler.rebuildProgress(ctx.input.params.jobId);
        if (!progress) throw notFound('Ricostruzione non trovata');
        ctx.body = progress;
      },
    }),
  ];
}
