import type { Context } from 'koa';
import { MESSAGES } from '../../../domain/shiftReports/errors.js';
import { amendCreated } from '../../../commands/shiftReports/amendShiftReport.js';
import { handleShiftReport, type ReportMode } from '../../../commands/shiftReports/handleShiftReport.js';
import { resolveReportLine } from '../../../projections/plant/plant.queries.js';
import { reportAsOf } from '../../../domain/history/asOf.js';
import { shiftReportStream } from '../../../domain/shiftReports/events.js';
import { findShiftReport, type ShiftReportRow } from '../../../projections/shiftReports/shiftReports.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../middlewares/auth.js';
import { parseInput } from '../../validation.js';
import { parseAsOf, readEvents } from '../history/eventReads.js';
import { BAD_PARAMS } from '../plant/params.js';
import type { RouteDef } from '../types.js';
import { presentShiftNote, presentShiftNoteRow, type ShiftNoteStatus } from './presenters.js';
import { contentOf, requireKey, shiftNoteBody, shiftNoteQuery } from './schema.js';


/**
 * The line log's report (line log §2.1, §2.4, §4.1, §5, §7): read, autosave, submit and
 * the improvement role's amend. The rules live in commands/shiftReports; concurrency
 * and the empty shape are described in docs/line-log.md.
 */
export function shiftNoteRoutes(deps: AppDeps): RouteDef[] {
  const write = (mode: ReportMode) => async (ctx: Context) => {
    const user = ctx.state.user as AuthUser;
    const confirming = mode !== 'save';
    const body = parseInput(shiftNoteBody, ctx.request.body ?? {}, confirming ? MESSAGES.incomplete : MESSAGES.invalidDraft);
    const { day, shiftCode, lineName } = requireKey(body, confirming);
    const content = contentOf(body);
    const result = await runWithReadYourWrites(deps, ctx, (c) => handleShiftReport(deps, { mode, lineName, day, shiftCode, content, revision: body.revision }, c));
    const { context } = result;
    const row = await findShiftReport(deps.knex, context.key.lineId, day, shiftCode);
    // A save is a draft and a submit or amend is confirmed whatever was recorded; the row gives who and when once caught up.
    const status: ShiftNoteStatus =
      row && row.revision === result.revision ? row : { confirmed: confirming, revision: result.revision, updatedAt: deps.clock(), updatedBy: user.username };
    const note = presentShiftNote({ day, shift_code: shiftCode, line_name: context.lineName }, content, status);
    ctx.body = mode === 'amend' ? { ...note, created: amendCreated(result.events) } : note;
  };

  /** The report as it stood at `as_of`, folded from its stream (docs/audit.md). */
  const reportRowAsOf = async (line: { lineId: number; shopFloorId: number }, day: string, shiftCode: string, asOf: Date): Promise<ShiftReportRow | null> => {
    const state = reportAsOf(await readEvents(deps, shiftReportStream(line.lineId, day, shiftCode)), asOf);
    return state && { ...state, lineId: line.lineId, shopFloorId: line.shopFloorId, day, shiftCode };
  };

  return [
    {
      method: 'get',
      path: '/factory/shift_notes',
      action: 'shift_reports:read',
      async handler(ctx) {
        const user = ctx.state.user as AuthUser;
        const q = parseInput(shiftNoteQuery, ctx.query, BAD_PARAMS);
        const line = await resolveReportLine(deps.knex, q.line_name, user.username);
        const asOf = parseAsOf(ctx.query.as_of);
        const row = asOf ? await reportRowAsOf(line, q.day, q.shift_code, asOf) : await findShiftReport(deps.knex, line.lineId, q.day, q.shift_code);
        const confirmedOnly = user.role === 'support' || q.confirmed_only === true;
        ctx.body = presentShiftNoteRow({ day: q.day, shift_code: q.shift_code, line_name: line.lineName }, row, confirmedOnly);
      },
    },
    { method: 'post', path: '/factory/shift_notes/save', action: 'shift_reports:write', handler: write('save') },
    { method: 'post', path: '/factory/shift_notes/submit', action: 'shift_reports:write', handler: write('submit') },
    { method: 'put', path: '/factory/shift_notes/update', action: 'shift_reports:amend', handler: write('amend') },
  ];
}
