/**
 * One page for both stop chatbots (line log §2.2, §2.3): the title, 'Indietro' and 'Torna al
 * Registro di Linea', the conversation and the open step's input. The two routes differ only by
 * `kind`. A chat left unfinished is kept on the device: on return 'Riprendi' / 'Ricomincia' are
 * offered, and leaving with answers not yet recorded asks first (issue 22).
 */
import { ChatHeader } from '../../../components/chat/ChatHeader.js';
import { ChatTranscript } from '../../../components/chat/ChatTranscript.js';
import { LeaveGuard } from '../../../components/LeaveGuard.js';
import { canGoBack, isBusy, progress } from '../model/chatState.js';
import { resumeText } from '../model/saved.js';
import { CHAT_TITLES, STEP_LABELS, type ChatKind } from '../model/steps.js';
import { ChatInputPanel } from './ChatInputPanel.js';
import { useStopChat } from './useStopChat.js';
import '../../../styles/chat.css';

/** Props: which bot. */
export interface StopChatPageProps {
  kind: ChatKind;
}

/** The chatbot screen. */
export function StopChatPage({ kind }: StopChatPageProps) {
  const { state, dispatch, optionsFailed, retryOptions, confirm, params, lineLog, logShift, shopFloorId, saved } = useStopChat(kind);
  const { offer } = saved;
  const step = state ? progress(state) : null;

  return (
    <div className="page chat-page stop-chat" data-kind={kind}>
      <ChatHeader
        title={CHAT_TITLES[kind]}
        backLabel="Indietro"
        backTitle="Torna alla domanda precedente"
        backDisabled={!state || !canGoBack(state) || !!offer}
        onBack={() => dispatch({ type: 'back' })}
        homeLabel="Torna al Registro di Linea"
        homeTo={lineLog}
      />
      <section className="chat-panel" aria-label="Chat" aria-busy={state ? isBusy(state) : true}>
        {offer ? (
          <div className="chat-resume" role="group" aria-labelledby="chat-resume-text">
            <p id="chat-resume-text" className="chat-resume-text">
              {resumeText(offer)}
            </p>
            <div className="chat-resume-actions">
              <button type="button" className="button button-primary" onClick={saved.resume}>
                Riprendi
              </button>
              <button type="button" className="button button-secondary" onClick={saved.restart}>
                Ricomincia
              </button>
            </div>
          </div>
        ) : state && step ? (
          <>
            <p className="chat-progress">
              Passo {step.current} di {step.total} · {STEP_LABELS[state.step]}
            </p>
            <ChatTranscript messages={state.messages} typing={state.pending.length > 0 || state.sending} />
            <ChatInputPanel
              state={state}
              dispatch={dispatch}
              optionsFailed={optionsFailed}
              onRetryOptions={retryOptions}
              onConfirm={confirm}
              day={params.day}
              logShift={logShift}
              shopFloorId={shopFloorId}
            />
          </>
        ) : (
          <p className="chat-loading">Caricamento…</p>
        )}
      </section>
      <LeaveGuard when={saved.dirty} title="Uscire dalla chat?" leaveLabel="Esci dalla chat" stayLabel="Resta nella chat">
        <p>Lo stop non è ancora registrato. Le risposte restano su questo dispositivo: tornando alla chat potrai riprenderle.</p>
      </LeaveGuard>
    </div>
  );
}
