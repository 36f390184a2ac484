import { shiftReportStream } from '../../../commands/stops/shiftLock.js';
import { describeWith } from '../../../test/support/services.js';
import { plannedBody, startStopsKit, unplannedBody, type StopsKit } from '../../../test/builders/stopsTestKit.js';

/**
 * A submitted shift report freezes its stops for the operator; the improvement roles
 * may still change them (line log §4.1, §6). The report's ShiftReportSubmitted is
 * appended straight to its stream, as the shift-report aggregate writes it.
 */
describeWith(['postgres'])('stops of a submitted shift', () => {
  let kit: StopsKit;
  let unplannedId: number;
  let plannedId: number;
  const IMPROVEMENT = ['support', 'demoit', 'demoen', 'admin'];

  const submitReport = (lineId: number, code: string) =>
    kit.app.deps.store.appendToStream(
      shiftReportStream(lineId, kit.day, code),
      [
        {
          type: 'ShiftReportSubmitted',
          schemaVersion: 1,
          data: {
            lineId,
            shopFloorId: 1,
            day: kit.day,
            shiftCode: code,
            notes: 'Turno regolare',
            machineNotes: [],
            productionVolume: 1000,
            waste: 0,
            workingTime: 8,
            by: 'frontline',
          },
          metadata: { userId: 'u-frontline', username: 'frontline', role: 'frontline', correlationId: 'lock-test', causationId: null, occurredAt: kit.now.toISOString() },
        },
      ],
      { expectedRevision: 'any' },
    );

  const writes = (as: string, n: number) => [
    () => kit.call('POST', '/factory/stop_events', as, unplannedBody(kit, { start_time: kit.at(`10:${n}0`), end_time: kit.at(`10:${n}5`) })),
    () => kit.call('POST', '/factory/planned_stops', as, plannedBody(kit, { start_time: kit.at(`11:${n}0`), end_time: kit.at(`11:${n}5`) })),
    () => kit.call('POST', '/factory/stop_events/update_unplanned_details', as, { id: unplannedId, field: 'corrective_action', value: `Rivisto da ${as}` }),
    () => kit.call('POST', '/factory/stop_events/update_planned_note', as, { id: plannedId, notes: `Nota di ${as}` }),
  ];

  beforeAll(async () => {
    kit = await startStopsKit();
    unplannedId = (await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit))).body.id;
    plannedId = (await kit.call('POST', '/factory/planned_stops', 'frontline', plannedBody(kit))).body.id;
    await submitReport(1, 'A');
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('refuses the operator every record, edit and delete in the submitted shift with 409 Report già inviato, writing nothing', async () => {
    const all = [
      ...writes('frontline', 0),
      () => kit.call('DELETE', `/factory/stop_events/delete_unplanned/${unplannedId}`),
      () => kit.call('DELETE', `/factory/stop_events/delete_planned/${plannedId}`),
    ];
    for (const write of all) {
      const before = await kit.eventCount();
      const r = await write();
      expect([r.status, r.body.error]).toEqual([409, { code: 'REPORT_ALREADY_SUBMITTED', message: 'Report già inviato' }]);
      expect(await kit.eventCount()).toBe(before);
    }
  });

  it('lets the operator record in another shift of the day, or on another line', async () => {
    expect((await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, { start_time: kit.at('16:00'), end_time: kit.at('16:10') }))).status).toBe(201);
    const line2 = { workpoint_id: kit.ids.line2Workpoint, stop_code_id: kit.ids.line2StopCode };
    expect((await kit.call('POST', '/factory/stop_events', 'frontline', unplannedBody(kit, line2))).status).toBe(201);
  });

  it('locks a stop in the extra shift’s hours once that report is submitted, even when the regular one is not', async () => {
    const line2AtThree = unplannedBody(kit, { workpoint_id: kit.ids.line2Workpoint, stop_code_id: kit.ids.line2StopCode, start_time: kit.at('15:00'), end_time: kit.at('15:10') });
    await submitReport(2, 'E');
    expect((await kit.call('POST', '/factory/stop_events', 'frontline', line2AtThree)).body.error.code).toBe('REPORT_ALREADY_SUBMITTED');
    expect((await kit.call('POST', '/factory/stop_events', 'support', line2AtThree)).status).toBe(201);
  });

  it('lets every improvement role record and edit there', async () => {
    for (const [i, role] of IMPROVEMENT.entries()) {
      const statuses: number[] = [];
      for (const write of writes(role, i + 1)) statuses.push((await write()).status);
      expect([role, statuses]).toEqual([role, [201, 201, 200, 200]]);
    }
  });

  it('lets the improvement role delete there', async () => {
    expect((await kit.call('DELETE', `/factory/stop_events/delete_unplanned/${unplannedId}`, 'support')).status).toBe(200);
    expect((await kit.call('DELETE', `/factory/stop_events/delete_planned/${plannedId}`, 'admin')).status).toBe(200);
  });
});
