import { dbrActionEvents } from '../../domain/dbrActions/events.js';
import { bigint, boolean, date, defineColumns, int, text, timestamptz, type RowOf } from '../columns.js';
import { defineProjection } from '../types.js';

const ACTIONS = defineColumns({
  id: bigint().primary(),
  shop_floor_id: int(),
  line_id: int(),
  equipment_id: int().nullable(),
  due_date: date(),
  due_shift_id: bigint().nullable(),
  due_shift_name: text().nullable(),
  activity: text(),
  owner: text(),
  support_by: text().nullable(),
  executed_at: timestamptz().nullable(),
  deleted: boolean().defaultTo(false),
  created_at: timestamptz(),
  created_by: text(),
  updated_at: timestamptz(),
  deleted_at: timestamptz().nullable(),
  deleted_by: text().nullable(),
  /** The loss it targets (DbrActionTargetSet): a machine of its line and one of its stop codes. */
  target_equipment_id: int().nullable(),
  target_stop_code_id: int().nullable(),
});

/** A whole row, as a creation (and whatever followed it in the same batch) leaves it. */
type ActionRow = RowOf<typeof ACTIONS>;

/** What later events change on a row created in an earlier batch: absolute values, so a replay sets the same. */
interface ActionPatch {
  id: number;
  set_executed: boolean;
  executed_at: string | null;
  deleted: boolean;
  deleted_at: string | null;
  deleted_by: string | null;
  set_target: boolean;
  target_equipment_id: number | null;
  target_stop_code_id: number | null;
  updated_at: string;
}

const ROW_COLUMNS = ACTIONS.names.map((c) => `${c} ${ACTIONS.columns[c]}`).join(', ');
const PATCH_COLUMNS =
  'id bigint, set_executed boolean, executed_at timestamptz, deleted boolean, deleted_at timestamptz, deleted_by text, set_target boolean, target_equipment_id int, target_stop_code_id int, updated_at timestamptz';
const COLUMN_NAMES = ACTIONS.names;

/**
 * The DBR actions as lists read them ('Attività giornaliere', 'Azioni DBR esistenti', the
 * dashboards' 'Storico attività DBR'). A deleted action keeps its row, flagged, for the
 * audit; every query leaves it out. Names of line and equipment are joined when read.
 *
 * A batch is folded in memory first: an action created in the batch becomes one whole row
 * (its ticks and deletion in the batch already applied), an action created earlier one
 * patch. Then one upsert of every whole row and one UPDATE of every patch, each a single
 * statement whatever the batch size (the rows travel as one jsonb parameter).
 */
export const dbrActionsProjection = defineProjection(dbrActionEvents, {
  name: 'dbr_actions',
  version: 2,
  tables: {
    dbr_actions: ACTIONS.table(),
  },
  async afterCreate(knex, tables) {
    // The range query: a shop floor's lines over a range of due days, deleted rows left out.
    await knex.raw('create index ?? on ?? (shop_floor_id, line_id, due_date) where not deleted', [`${tables.dbr_actions!}_floor_line_day`, tables.dbr_actions!]);
    // The effectiveness of executed actions with a target (docs/oee.md): a shop floor's, by execution time.
    await knex.raw('create index ?? on ?? (shop_floor_id, executed_at) where not deleted and target_equipment_id is not null', [
      `${tables.dbr_actions!}_floor_executed`,
      tables.dbr_actions!,
    ]);
  },
  async applyBatch({ trx, tables }, events) {
    const rows = new Map<number, ActionRow>();
    const patches = new Map<number, ActionPatch>();
    const patchOf = (id: number, at: string) => {
      const p = patches.get(id) ?? {
        id,
        set_executed: false,
        executed_at: null,
        deleted: false,
        deleted_at: null,
        deleted_by: null,
        set_target: false,
        target_equipment_id: null,
        target_stop_code_id: null,
        updated_at: at,
      };
      p.updated_at = at;
      patches.set(id, p);
      return p;
    };
    for (const event of events) {
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'DbrActionCreated': {
          const d = event.data;
          rows.set(d.actionId, {
            id: d.actionId,
            shop_floor_id: d.shopFloorId,
            line_id: d.lineId,
            equipment_id: d.equipmentId,
            due_date: d.dueDay,
            due_shift_id: d.dueShiftId,
            due_shift_name: d.dueShiftName,
            activity: d.activity,
            owner: d.owner,
            support_by: d.supportBy,
            executed_at: null,
            deleted: false,
            created_at: at,
            created_by: event.metadata.username,
            updated_at: at,
            deleted_at: null,
            deleted_by: null,
            target_equipment_id: null,
            target_stop_code_id: null,
          });
          break;
        }
        case 'DbrActionTargetSet': {
          const target = { target_equipment_id: event.data.equipmentId, target_stop_code_id: event.data.stopCodeId };
          const row = rows.get(event.data.actionId);
          if (row) Object.assign(row, target, { updated_at: at });
          else Object.assign(patchOf(event.data.actionId, at), target, { set_target: true });
          break;
        }
        case 'DbrActionMarkedExecuted':
        case 'DbrActionUnmarkedExecuted': {
          const executedAt = event.type === 'DbrActionMarkedExecuted' ? event.data.executedAt : null;
          const row = rows.get(event.data.actionId);
          if (row) Object.assign(row, { executed_at: executedAt, updated_at: at });
          else Object.assign(patchOf(event.data.actionId, at), { set_executed: true, executed_at: executedAt });
          break;
        }
        case 'DbrActionDeleted': {
          const row = rows.get(event.data.actionId);
          const deletion = { deleted: true, deleted_at: at, deleted_by: event.metadata.username };
          if (row) Object.assign(row, deletion, { updated_at: at });
          else Object.assign(patchOf(event.data.actionId, at), deletion);
          break;
        }
        default: {
          const never: never = event;
          return never;
        }
      }
    }
    const table = tables.dbr_actions!;
    if (rows.size > 0) {
      const updates = COLUMN_NAMES.filter((c) => c !== 'id')
        .map((c) => `${c} = excluded.${c}`)
        .join(', ');
      await trx.raw(
        `insert into ?? (${COLUMN_NAMES.join(', ')}) select ${COLUMN_NAMES.join(', ')} from jsonb_to_recordset(?::jsonb) as r(${ROW_COLUMNS}) on conflict (id) do update set ${updates}`,
        [table, JSON.stringify([...rows.values()])],
      );
    }
    if (patches.size > 0) {
      await trx.raw(
        `update ?? as t set
           executed_at = case when v.set_executed then v.executed_at else t.executed_at end,
           deleted = t.deleted or v.deleted,
           deleted_at = case when v.deleted then v.deleted_at else t.deleted_at end,
           deleted_by = case when v.deleted then v.deleted_by else t.deleted_by end,
           target_equipment_id = case when v.set_target then v.target_equipment_id else t.target_equipment_id end,
           target_stop_code_id = case when v.set_target then v.target_stop_code_id else t.target_stop_code_id end,
           updated_at = v.updated_at
         from jsonb_to_recordset(?::jsonb) as v(${PATCH_COLUMNS})
         where t.id = v.id`,
        [table, JSON.stringify([...patches.values()])],
      );
    }
  },
});
