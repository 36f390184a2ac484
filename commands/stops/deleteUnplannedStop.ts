import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { stopDeletion, type DeleteStop } from './deleteStop.js';
import { stopNotFound } from './editUnplannedStopDetail.js';
import { readUnplannedStream, unplannedStreamOf } from './stopStreams.js';

export type DeleteUnplannedStop = DeleteStop<'DeleteUnplannedStop'>;

const deleted = (stopId: number): UnplannedStopEvent => ({ type: 'UnplannedStopDeleted', data: { stopId } });
const deletion = stopDeletion({ type: 'DeleteUnplannedStop', deleted, where: unplannedStreamOf, read: readUnplannedStream, notFound: stopNotFound });

export const decideDeleteUnplannedStop = deletion.decide;
export const handleDeleteUnplannedStop = deletion.handle;
