import fc from 'fast-check';
import { DateTime } from 'luxon';
import { createCatalog } from '../../domain/catalog.js';
import type { DomainEvent, EventOf } from '../../domain/shared/catalog.js';
import { FIRST_INSTANT_MS, FIRST_PLANT_DAY, LAST_PLANT_DAY, MAX_DBR_VALUE, MAX_PIECES, MAX_PLANT_ID, MAX_REPORT_HOURS, MAX_USERNAME } from '../../domain/shared/bounds.js';
import { DBR_FIELDS } from '../../domain/dbr/fields.js';
import { ROOT_CAUSE_MAX, SIX_M, WHY_COUNT, WHY_MAX } from '../../domain/rootCauses/events.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { CORRECTIVE_ACTION_MAX, FAILURE_MODE_MAX, MAX_PLANNED_STOP_HOURS, MAX_UNPLANNED_STOP_HOURS, NOTES_MAX } from '../../domain/stops/rules.js';
import { DBR_TEXT_MAX } from '../../domain/dbrActions/rules.js';
import { ROLES } from '../../domain/users/roles.js';
import { DISPLAY_NAME_MAX } from '../../domain/users/events.js';

/**
 * fast-check arbitraries for the data of every event type, written from the limits in
 * domain/shared/bounds.ts and the schemas' own: each value is one the event's schema
 * accepts (a test parses every sample), with the edges drawn often: the first and last
 * plant day, the clock-change days, the longest stop, the largest figure, the longest text.
 * Ids come from small pools, so the events of one sample meet each other (a stop deleted
 * after it was recorded, a report amended, a calendar that holds the stops).
 */

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

/** Days: the calendar's ends, Italy's clock changes of 2030 (31 March, 27 October), and any day between. */
const EDGE_DAYS = [FIRST_PLANT_DAY, LAST_PLANT_DAY, '2030-03-31', '2030-10-27', '2030-03-30', '2030-10-26'];
const dayFromIndex = (n: number) => DateTime.fromISO(FIRST_PLANT_DAY, { zone: 'UTC' }).plus({ days: n }).toISODate()!;
const LAST_INDEX = Math.round(DateTime.fromISO(LAST_PLANT_DAY, { zone: 'UTC' }).diff(DateTime.fromISO(FIRST_PLANT_DAY, { zone: 'UTC' }), 'days').days);
export const day = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...EDGE_DAYS) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: LAST_INDEX }).map(dayFromIndex) });

/** Midnight of a plant day in Italy, in ms. */
const dayStart = (d: string) => DateTime.fromISO(`${d}T00:00`, { zone: PLANT_ZONE }).toMillis();
/** An instant on a plant day: its first or last minute, the small hours of a clock change, or any time. */
const instantOn = (d: string) =>
  fc.oneof(fc.constantFrom(0, DAY_MS - 60_000, 2 * HOUR, 3 * HOUR, 2 * HOUR + 30 * 60_000), fc.integer({ min: 0, max: DAY_MS - HOUR - 1 })).map((offset) => {
    const start = dayStart(d);
    // The day of a clock change is 23 or 25 hours long: stay inside it.
    const end = dayStart(DateTime.fromISO(d, { zone: 'UTC' }).plus({ days: 1 }).toISODate()!);
    return Math.max(FIRST_INSTANT_MS, Math.min(start + offset, end - 1));
  });
const utc = (ms: number) => new Date(ms).toISOString();
const withOffset = (ms: number) => DateTime.fromMillis(ms, { zone: PLANT_ZONE }).toISO({ suppressMilliseconds: true })!;

/** A span starting on a plant day, at most `maxHours` long, the longest often. */
const span = (maxHours: number) =>
  fc
    .record({ d: day, length: fc.oneof(fc.constantFrom(1, 60_000, maxHours * HOUR), fc.integer({ min: 1, max: maxHours * HOUR })) })
    .chain(({ d, length }) => instantOn(d).map((start) => ({ startTime: utc(start), endTime: utc(start + length) })));

/**
 * Texts of plain and awkward characters (accents, an emoji, quotes, a backslash, a newline), one
 * code point each; often the longest allowed, in emoji (twice as many UTF-16 units as characters).
 */
const CHARS = ['a', 'Z', '0', ' ', 'è', 'ß', '😀', '€', "'", '"', '\\', '%', '\n', '∑'];
const text = (min: number, max: number) =>
  fc.oneof(
    fc.constant(`a${'😀'.repeat(max - 1)}`),
    fc.array(fc.constantFrom(...CHARS), { minLength: min, maxLength: Math.min(max, 40) }).map((a) => a.join('')),
  );
const name = (max = 120) => text(1, max);

const plantId = fc.constantFrom(1, 2, 3, MAX_PLANT_ID);
const shopFloorId = fc.constantFrom(1, 2, MAX_PLANT_ID);
const bigId = fc.oneof(fc.constantFrom(1, 1_000_001, 1_000_000_010_000_001, Number.MAX_SAFE_INTEGER), fc.integer({ min: 1, max: 2 ** 31 }));
const stopId = fc.constantFrom(1_000_001_000_000_001, 1_000_001_000_001_001, 1_000_002_003_650_002, 7, Number.MAX_SAFE_INTEGER);
const pieces = fc.oneof(fc.constantFrom(0, MAX_PIECES, 0.5), fc.double({ min: 0, max: MAX_PIECES, noNaN: true }));
const hours = fc.oneof(fc.constantFrom(0, MAX_REPORT_HOURS, 7.5), fc.double({ min: 0, max: MAX_REPORT_HOURS, noNaN: true }));
const dbrValue = fc.oneof(fc.constantFrom(0, MAX_DBR_VALUE, -MAX_DBR_VALUE, 0.85), fc.double({ min: -MAX_DBR_VALUE, max: MAX_DBR_VALUE, noNaN: true }));
const shiftCode = fc.constantFrom('A', 'B', 'C', 'E', 'ZZZZZZZZZZ');
const username = fc.constantFrom('frontline', 'support', 'x'.repeat(MAX_USERNAME), 'Ünïcode😀');
const hhmm = fc.record({ h: fc.integer({ min: 0, max: 23 }), m: fc.constantFrom(0, 30, 59) }).map(({ h, m }) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

const scheduledShift = fc
  .record({
    shiftId: bigId,
    name: name(60),
    code: shiftCode,
    shiftDay: day,
    length: fc.oneof(fc.constantFrom(8 * HOUR, 24 * HOUR, 60_000), fc.integer({ min: 60_000, max: 24 * HOUR })),
    extra: fc.boolean(),
  })
  .chain(({ length, ...s }) => instantOn(s.shiftDay).map((start) => ({ ...s, startTime: withOffset(start), endTime: withOffset(start + length) })));

const reportData = fc.record({
  lineId: plantId,
  shopFloorId,
  day,
  shiftCode,
  notes: fc.oneof(fc.constant(''), text(0, 5000)),
  machineNotes: fc.array(fc.dictionary(name(60), text(0, 1000), { maxKeys: 4 }), { maxLength: 10 }),
  productionVolume: fc.option(pieces),
  waste: fc.option(pieces),
  workingTime: fc.option(hours),
  by: username,
});

const place = { shopFloorId, lineId: plantId, equipmentId: plantId };

/** Plant events: each takes the ids its schema names, a name when it has one. */
const plantData: Record<string, fc.Arbitrary<unknown>> = {
  ShopFloorAdded: fc.record({ shopFloorId, name: name() }),
  ShopFloorRenamed: fc.record({ shopFloorId, name: name() }),
  ShopFloorRetired: fc.record({ shopFloorId }),
  UnitsOfMeasurementSet: fc.record({ shopFloorId, unit1: text(0, 20), unit2: text(0, 20), unit3: text(0, 20) }),
  ReportLabelsSet: fc.record({ shopFloorId, labels: fc.array(name(60), { maxLength: 20 }) }),
  ShiftPatternsSet: fc.record({
    shopFloorId,
    manageExtraShift: fc.boolean(),
    patterns: fc.array(fc.record({ name: name(60), code: shiftCode, start: hhmm, end: hhmm, extra: fc.boolean() }), { maxLength: 5 }),
  }),
  LineAdded: fc.record({ lineId: plantId, shopFloorId, name: name(), referenceMachine: name() }),
  LineRenamed: fc.record({ lineId: plantId, name: name() }),
  LineReferenceMachineChanged: fc.record({ lineId: plantId, referenceMachine: name() }),
  LineCountingEquipmentSet: fc.record({ lineId: plantId, equipmentId: fc.option(plantId, { nil: null }) }),
  LineStopThresholdSet: fc.record({ lineId: plantId, minutes: fc.option(fc.double({ min: 1, max: 120, noNaN: true })) }),
  LineRetired: fc.record({ lineId: plantId }),
  EquipmentAdded: fc.record({ equipmentId: plantId, lineId: plantId, name: name() }),
  EquipmentRenamed: fc.record({ equipmentId: plantId, name: name() }),
  EquipmentRetired: fc.record({ equipmentId: plantId }),
  WorkpointAdded: fc.record({ workpointId: plantId, equipmentId: plantId, name: name() }),
  WorkpointRenamed: fc.record({ workpointId: plantId, name: name() }),
  WorkpointRetired: fc.record({ workpointId: plantId }),
  StopCodeAdded: fc.record({ stopCodeId: plantId, workpointId: plantId, name: name() }),
  StopCodeRenamed: fc.record({ stopCodeId: plantId, name: name() }),
  StopCodeRetired: fc.record({ stopCodeId: plantId }),
  TriggeringEventAdded: fc.record({ triggeringEventId: plantId, name: name() }),
  TriggeringEventRenamed: fc.record({ triggeringEventId: plantId, name: name() }),
  TriggeringEventRetired: fc.record({ triggeringEventId: plantId }),
  PlannedStopReasonAdded: fc.record({ plannedStopReasonId: plantId, name: name() }),
  PlannedStopReasonRenamed: fc.record({ plannedStopReasonId: plantId, name: name() }),
  PlannedStopReasonRetired: fc.record({ plannedStopReasonId: plantId }),
  PlannedStopReasonCategorySet: fc.record({ plannedStopReasonId: plantId, oeeCategory: fc.constantFrom('excluded' as const, 'loss' as const) }),
};

/** Event type -> an arbitrary of its data. Every type of the catalog has one (a test checks it). */
export const eventData: Record<string, fc.Arbitrary<unknown>> = {
  UserRegistered: fc.record({ userId: text(1, 40), username, displayName: text(1, DISPLAY_NAME_MAX), role: fc.constantFrom(...ROLES), mustChangePassword: fc.boolean() }),
  UserPasswordChanged: fc.record({ temporary: fc.boolean() }),
  UserRoleChanged: fc.record({ role: fc.constantFrom(...ROLES) }),
  UserDisplayNameChanged: fc.record({ displayName: text(1, DISPLAY_NAME_MAX) }),
  UserDeactivated: fc.constant({}),
  UserReactivated: fc.constant({}),
  UserLinkedToDirectory: fc.record({ directory: fc.constantFrom('oidc' as const, 'ldap' as const), subject: text(1, 1024) }),
  ...plantData,
  ShiftsScheduled: fc.record({ shopFloorId, startDate: day, endDate: day, shifts: fc.array(scheduledShift, { minLength: 1, maxLength: 6 }) }),
  DbrConstantsSet: fc.record({ lineId: plantId, constants: fc.record(Object.fromEntries(DBR_FIELDS.map((f) => [f, dbrValue]))) }),
  DefaultStationChosen: fc.record({ username, shopFloorId, lineId: plantId, equipmentId: fc.option(plantId) }),
  ShiftReportDraftSaved: reportData,
  ShiftReportSubmitted: reportData,
  ShiftReportAmended: reportData,
  UnplannedStopRecorded: fc
    .record({
      stopId,
      ...place,
      workpointId: plantId,
      stopCodeId: plantId,
      triggeringEventId: plantId,
      failureMode: text(1, FAILURE_MODE_MAX),
      correctiveAction: text(1, CORRECTIVE_ACTION_MAX),
      actionMaterialChange: fc.boolean(),
      actionCleaning: fc.boolean(),
      actionSettingAdjustment: fc.boolean(),
      actionComponentRestore: fc.boolean(),
      span: span(MAX_UNPLANNED_STOP_HOURS),
      detectedStopId: fc.option(fc.constantFrom(1, 100_016_003_200, 99_999_999_999_999), { nil: undefined }),
    })
    .map(({ span: s, detectedStopId, ...d }) => ({ ...d, ...s, ...(detectedStopId === undefined ? {} : { detectedStopId }) })),
  UnplannedStopDetailEdited: fc.record({ stopId, field: fc.constantFrom('failureMode', 'correctiveAction'), value: text(1, CORRECTIVE_ACTION_MAX) }),
  UnplannedStopDeleted: fc.record({ stopId }),
  PlannedStopRecorded: fc
    .record({ stopId, ...place, plannedReasonId: plantId, notes: fc.option(text(1, NOTES_MAX)), span: span(MAX_PLANNED_STOP_HOURS) })
    .map(({ span: s, ...d }) => ({ ...d, ...s })),
  PlannedStopNoteEdited: fc.record({ stopId, notes: fc.option(text(1, NOTES_MAX)) }),
  PlannedStopDeleted: fc.record({ stopId }),
  RootCauseRecorded: fc.record({
    stopEventId: stopId,
    rootCause: text(0, ROOT_CAUSE_MAX),
    troubleshooting: text(0, ROOT_CAUSE_MAX),
    whys: fc.array(text(0, WHY_MAX), { minLength: WHY_COUNT, maxLength: WHY_COUNT }),
    category: fc.constantFrom('' as const, ...SIX_M),
  }),
  DbrActionCreated: fc.record({
    actionId: bigId,
    shopFloorId,
    lineId: plantId,
    equipmentId: fc.option(plantId),
    dueDay: day,
    dueShiftId: fc.option(bigId),
    dueShiftName: fc.option(name(60)),
    activity: text(1, DBR_TEXT_MAX),
    owner: text(1, DBR_TEXT_MAX),
    supportBy: fc.option(text(1, DBR_TEXT_MAX)),
  }),
  DbrActionMarkedExecuted: fc.record({ actionId: bigId, at: day.chain(instantOn) }).map(({ actionId, at }) => ({ actionId, executedAt: utc(at) })),
  DbrActionUnmarkedExecuted: fc.record({ actionId: bigId }),
  DbrActionDeleted: fc.record({ actionId: bigId }),
  DbrActionTargetSet: fc.record({ actionId: bigId, equipmentId: fc.option(plantId), stopCodeId: fc.option(plantId) }),
  DemoHistorySeeded: fc.record({ fromDay: day, toDay: day, seed: fc.integer() }),
  MachineStopDetected: fc.record({ ...place, at: day.chain(instantOn) }).map(({ at, ...d }) => ({ ...d, startTime: utc(at) })),
  MachineRestarted: fc.record({ ...place, s: span(MAX_PLANNED_STOP_HOURS) }).map(({ s, ...d }) => ({ ...d, ...s })),
  MachineHourCounted: fc
    .record({
      ...place,
      at: day.chain(instantOn),
      good: fc.constantFrom(0, 1, MAX_PIECES),
      reject: fc.constantFrom(0, 3, MAX_PIECES),
      microStops: fc.constantFrom(0, 1, 10_000),
      microStopMinutes: fc.oneof(fc.constantFrom(0, 0.5, 60 * 24), fc.double({ min: 0, max: 60 * 24, noNaN: true })),
    })
    .map(({ at, ...d }) => ({ ...d, hour: utc(Math.floor(at / HOUR) * HOUR), firstAt: utc(at), lastAt: utc(at) })),
};

/** An event of one of the types, as deciders return it. */
export const eventOf = (types: readonly string[]): fc.Arbitrary<EventOf> => fc.oneof(...types.map((type) => eventData[type]!.map((data) => ({ type, data }))));

const catalog = createCatalog();

/**
 * The events as the engine hands them to a projection: encoded (the schema checks each),
 * stored as JSON and decoded, in global order, each its own stream revision per stream.
 */
export function asStored(events: readonly EventOf[]): DomainEvent[] {
  return events.map((e, i) => {
    const encoded = catalog.encode(e);
    return catalog.decode({
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      streamId: `${e.type}-stream`,
      revision: i,
      position: { commit: i + 1, prepare: i + 1 },
      type: encoded.type,
      schemaVersion: encoded.schemaVersion,
      data: JSON.parse(JSON.stringify(encoded.data)) as Record<string, unknown>,
      metadata: { userId: 'u-1', username: 'support', role: 'support', correlationId: 'c-1', causationId: null, occurredAt: '2030-06-05T08:00:00.000Z' },
      recordedAt: '2030-06-05T08:00:00.000Z',
    });
  });
}
