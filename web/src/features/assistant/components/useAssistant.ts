/**
 * The React side of an assistant: the engine's state, the 600 ms of typing dots before the bot's
 * reply (§4.8), and the navigation an answer asks for ('No', 'Torna al Registro di Linea').
 * No server calls (§1, §7): the script and its data are in the client.
 */
import { useEffect, useMemo, useReducer } from 'react';
import { useNavigate } from 'react-router-dom';
import { assistantReducer, REPLY_DELAY_MS, startAssistant, type AssistantAction, type AssistantState, type Script } from '../model/engine.js';

/** State and dispatch of one assistant chat. */
export function useAssistant<C>(script: Script<C>): [AssistantState<C>, (action: AssistantAction) => void] {
  const navigate = useNavigate();
  const reducer = useMemo(() => assistantReducer(script), [script]);
  const [state, dispatch] = useReducer(reducer, script, startAssistant);

  const pending = state.pending;
  useEffect(() => {
    if (pending.length === 0) return undefined;
    const timer = setTimeout(() => dispatch({ type: 'flush' }), REPLY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const leaveTo = state.leaveTo;
  useEffect(() => {
    if (leaveTo) navigate(leaveTo);
  }, [leaveTo, navigate]);

  return [state, dispatch];
}
