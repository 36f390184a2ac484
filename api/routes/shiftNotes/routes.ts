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
import { asOfParam, parseAsOf, shiftNoteQuery } from '../../params.js';
import { readEvents } from '../history/eventReads.js';
import { route, type RouteDef } from '../types.js';
import { presentShiftNote, presentShiftNoteRow, type ShiftNoteStatus } from './presenters.js';
import { requireKey, shiftNoteBody } from './schema.js';

/**
 * The line log's report (line log §2.1, §2.4, §4.1, §5, §7): read, autosave, submit and
 * the improvement role's amend. The rules live in commands/shiftReports; concurrency
 * and the empty shape are described in docs/line-log.md.
 */
export function shiftNoteRoutes(deps: AppDeps): RouteDef[] {
  /** A save is a draft, a submit or an amend confirms: a bad body says which. */
  const write = (method: 'post' | 'put', path: string, action: 'shift_reports:write' | 'shift_reports:amend', mode: ReportMode) =>
    route({
      method,
      path,
      action,
      input: { body: shiftNoteBody, bodyMessage: mode !== 'save' ? MESSAGES.incomplete : MESSAGES.invalidDraft },
      async handler(ctx) {
        const user = ctx.state.user as AuthUser;
        const confirming = mode !== 'save';
        const { content, revision } = ctx.input.body;
        const { day, shiftCode, lineName } = requireKey(ctx.input.body, confirming);
        const result = await runWithReadYourWrites(deps, ctx, (c) => handleShiftReport(deps, { mode, lineName, day, shiftCode, content, revision }, c));
        const { context } = result;
        const row = await findShiftReport(deps.knex, context.key.lineId, day, shiftCode);
        // A save is a draft and a submit or amend is confirmed whatever was recorded; the row gives who and when once caught up.
        const status: ShiftNoteStatus =
          row && row.revision === result.revision ? row : { confirmed: confirming, revision: result.revision, updatedAt: deps.clock(), updatedBy: user.username };
        const note = presentShiftNote({ day, shift_code: shiftCode, line_name: context.lineName }, content, status);
        ctx.body = mode === 'amend' ? { ...note, created: amendCreated(result.events) } : note;
      },
    });

  /** The report as it stood at `as_of`, folded from its stream (docs/audit.md). */
  const reportRowAsOf = async (line: { lineId: number; shopFloorId: number }, day: string, shiftCode: string, asOf: Date): Promise<ShiftReportRow | null> => {
    const state = reportAsOf(await readEvents(deps, shiftReportStream(line.lineId, day, shiftCode)), asOf);
    return state && { ...state, lineId: line.lineId, shopFloorId: line.shopFloorId, day, shiftCode };
  };

  return [
    route({
      method: 'get',
      path: '/factory/shift_notes',
      action: 'shift_reports:read',
      input: { query: shiftNoteQuery.extend({ as_of: asOfParam }) },
      async handler(ctx) {
        const user = ctx.state.user as AuthUser;
        const q = ctx.input.query;
        const line = await resolveReportLine(deps.knex, q.line_name, user.username);
        // `as_of` answers its own message (BAD_AS_OF) after the line is known, so it is read apart from the declared parameters.
        const asOf = parseAsOf(ctx.query.as_of);
        const row = asOf ? await reportRowAsOf(line, q.day, q.shift_code, asOf) : await findShiftReport(deps.knex, line.lineId, q.day, q.shift_code);
        const confirmedOnly = user.role === 'support' || q.confirmed_only === true;
        ctx.body = presentShiftNoteRow({ day: q.day, shift_code: q.shift_code, line_name: line.lineName }, row, confirmedOnly);
      },
    }),
    write('post', '/factory/shift_notes/save', 'shift_reports:write', 'save'),
    write('post', '/factory/shift_notes/submit', 'shift_reports:write', 'submit'),
    write('put', '/factory/shift_notes/update', 'shift_reports:amend', 'amend'),
  ];
}
