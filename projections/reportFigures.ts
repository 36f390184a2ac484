import type { ReportContent, ReportKey } from '../domain/shiftReports/events.js';

/**
 * What the read models that sum reports keep of a submitted one: its shop floor, the pieces
 * and the working time in minutes (the report holds hours); an empty figure counts as 0.
 */
export const reportFigures = (d: ReportKey & ReportContent) => ({
  shop_floor_id: d.shopFloorId,
  volume: d.productionVolume ?? 0,
  waste: d.waste ?? 0,
  working_minutes: (d.workingTime ?? 0) * 60,
});
