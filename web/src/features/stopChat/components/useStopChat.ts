/**
 * The React side of a stop chatbot: starts the state machine from the default station, loads the
 * open step's options, lets the bot "type" for its delay, sends the stop and redirects 1 second
 * after the success message (line log §4.1, §4.4, §7). The rules themselves live in ../chatState.ts.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { getStoredRole } from '../../../lib/session.js';
import { readStoredStationNames } from '../../../lib/station.js';
import { useShifts, type Shift } from '../../lineLog/index.js';
import { recordPlannedStop, recordUnplannedStop } from '../api/stopChatApi.js';
import { chatReducer, isBusy, startChat, type ChatAction, type ChatState } from '../model/chatState.js';
import { emptyDraft } from '../model/draft.js';
import { lineLogPath, readChatParams, readDetectedStop, REDIRECT_DELAY_MS, type ChatParams } from '../model/navigation.js';
import { optionsKey, stopCodesKey, toChoices } from '../model/options.js';
import { plannedPayload, refusalText, summaryRows, unplannedPayload } from '../model/payload.js';
import { savedChatKey } from '../model/saved.js';
import { chatStart, needsLineLookup } from '../model/start.js';
import { botDelay, type ChatKind } from '../model/steps.js';
import { useSavedChat, type SavedChatControls } from './useSavedChat.js';

type NamedItem = { id: number | string; name: string };
type HookAction = ChatAction | { type: 'start'; state: ChatState } | { type: 'replace'; state: ChatState };

/** The POST of the bot's stop, or null while an answer is missing. */
function sender(kind: ChatKind, state: ChatState): (() => Promise<{ queued: boolean }>) | null {
  const described = {
    label: kind === 'unplanned' ? 'Nuovo stop non pianificato' : 'Nuovo stop pianificato',
    content: summaryRows(kind, state.draft)
      .map((r) => `${r.label}: ${r.value}`)
      .join('\n'),
  };
  if (kind === 'unplanned') {
    const body = unplannedPayload(state.draft);
    return body && (() => recordUnplannedStop(body, described));
  }
  const body = plannedPayload(state.draft);
  return body && (() => recordPlannedStop(body, described));
}

function reducer(state: ChatState | null, action: HookAction): ChatState | null {
  if (action.type === 'start') return state ?? action.state;
  if (action.type === 'replace') return action.state;
  return state ? chatReducer(state, action) : state;
}

/** What the chat page needs. */
export interface StopChat {
  /** null until the bot has started (the line list is needed first when the line log passed another line). */
  state: ChatState | null;
  dispatch(action: ChatAction): void;
  /** The open select step's list failed to load. */
  optionsFailed: boolean;
  retryOptions(): void;
  confirm(): void;
  params: ChatParams;
  /** The role's line log, with the day, shift and line handed back. */
  lineLog: string;
  /** The shift the line log was open on, once known (the times default inside it). */
  logShift: Shift | null;
  shopFloorId: string;
  /** The chat kept on the device: 'Riprendi' / 'Ricomincia', and the question before leaving. */
  saved: SavedChatControls;
}

/** State machine, timers and calls of one bot. */
export function useStopChat(kind: ChatKind): StopChat {
  const navigate = useNavigate();
  const { search } = useLocation();
  const params = useMemo(() => readChatParams(search), [search]);
  const [station] = useState(readStoredStationNames);
  const [role] = useState(getStoredRole);
  const lineLog = lineLogPath(role, params);

  // A line other than the station's needs its name from the line list before the bot starts.
  const lookup = needsLineLookup(station, params.lineId);
  const lines = useSWR<NamedItem[]>(lookup ? optionsKey('line', emptyDraft(), station.shopFloorId) : null);
  const ready = !lookup || lines.data !== undefined || lines.error !== undefined;

  // 'Classifica' on a detected stop: its machine and times are filled in (the line is the log's).
  const [detected] = useState(() => (kind === 'unplanned' ? readDetectedStop(search, new Date()) : null));
  const fresh = useMemo(() => {
    if (!ready) return null;
    const start = chatStart(station, params.lineId, toChoices(lines.data));
    const onLine = detected && start.line && String(start.line.id) === params.lineId;
    return startChat(kind, onLine ? { ...start, equipment: detected.equipment, detected } : start);
  }, [ready, kind, station, params.lineId, lines.data, detected]);
  const [state, dispatch] = useReducer(reducer, null);
  useEffect(() => {
    if (fresh) dispatch({ type: 'start', state: fresh });
  }, [fresh]);
  const replace = useCallback((s: ChatState) => dispatch({ type: 'replace', state: s }), []);
  const saved = useSavedChat(savedChatKey(role ?? '', kind, params.lineId ?? station.lineId ?? ''), kind, fresh, state, replace);

  // The shift the log was open on: the times default inside it, and a stop outside it is asked about.
  const shifts = useShifts(params.day ?? '', params.shiftCode ? station.shopFloorId : null);
  const logShift = shifts.data?.find((s) => s.code === params.shiftCode && s.shift_day === params.day) ?? null;

  // The open step's options; a step's list is delivered once per visit of the step.
  const key = state ? optionsKey(state.step, state.draft, station.shopFloorId) : null;
  const options = useSWR<NamedItem[]>(key);
  const step = state?.step;
  const delivered = state?.options !== null;
  useEffect(() => {
    if (step && options.data && !delivered) dispatch({ type: 'optionsLoaded', step, options: toChoices(options.data) });
  }, [step, options.data, delivered]);

  // §4.4 "its stop codes loaded": fetched as soon as an area is (auto-)selected.
  useSWR<NamedItem[]>(state?.kind === 'unplanned' ? stopCodesKey(state.draft) : null);

  // The bot types for its delay, then its messages appear.
  const pending = state?.pending;
  useEffect(() => {
    if (!pending || pending.length === 0) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'flush' }), botDelay(kind));
    return () => clearTimeout(timer);
  }, [pending, kind]);

  // §4.1: 1 second after the success message, to the log of the shift holding the stop.
  const done = state?.done ?? false;
  const target = state?.draft.shift;
  const landing = target ? lineLogPath(role, { day: target.day, shiftCode: target.code, lineId: state?.draft.line ? String(state.draft.line.id) : params.lineId }) : lineLog;
  useEffect(() => {
    if (!done) return undefined;
    const timer = setTimeout(() => navigate(landing), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, landing]);

  const sendingRef = useRef(false);
  const confirm = useCallback(() => {
    if (!state || isBusy(state) || state.step !== 'confirm' || sendingRef.current) return;
    const call = sender(kind, state);
    if (!call) return;
    sendingRef.current = true;
    dispatch({ type: 'sendStarted' });
    call()
      .then((sent) => dispatch({ type: 'sendSucceeded', queued: sent.queued }))
      .catch((err: unknown) => {
        console.error('Registrazione dello stop non riuscita', err);
        dispatch({ type: 'sendFailed', message: refusalText(err) });
      })
      .finally(() => {
        sendingRef.current = false;
      });
  }, [state, kind]);

  const retryOptions = useCallback(() => void options.mutate(), [options]);

  return {
    state,
    dispatch,
    optionsFailed: !!options.error && !options.data,
    retryOptions,
    confirm,
    params,
    lineLog,
    logShift,
    shopFloorId: station.shopFloorId,
    saved,
  };
}
