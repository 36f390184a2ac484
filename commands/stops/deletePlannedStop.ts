import type { PlannedStopEvent } from '../../domain/stops/events.js';
import { stopDeletion, type DeleteStop } from './deleteStop.js';
import { plannedStopNotFound } from './editPlannedStopNote.js';
import { readPlannedStream, plannedStreamOf } from './stopStreams.js';

export type DeletePlannedStop = DeleteStop<'DeletePlannedStop'>;

const deleted = (stopId: number): PlannedStopEvent => ({ type: 'PlannedStopDeleted', data: { stopId } });
const deletion = stopDeletion({ type: 'DeletePlannedStop', deleted, where: plannedStreamOf, read: readPlannedStream, notFound: plannedStopNotFound });

export const decideDeletePlannedStop = deletion.decide;
export const handleDeletePlannedStop = deletion.handle;
