/**
 * One page for both stop chatbots (line log §2.2, §2.3): the title, 'Indietro' and 'Torna al
 * Registro di Linea', the conversation and the open step's input. The two routes differ only by
 * `kind`.
 */
import { ChatHeader } from '../../../components/chat/ChatHeader.js';
import { ChatTranscript } from '../../../components/chat/ChatTranscript.js';
import { canGoBack, isBusy, progress } from '../model/chatState.js';
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
  const { state, dispatch, optionsFailed, retryOptions, confirm, params, lineLog } = useStopChat(kind);
  const step = state ? progress(state) : null;

  return (
    <div className="page chat-page stop-chat" data-kind={kind}>
      <ChatHeader
        title={CHAT_TITLES[kind]}
        backLabel="Indietro"
        backDisabled={!state || !canGoBack(state)}
        onBack={() => dispatch({ type: 'back' })}
        homeLabel="Torna al Registro di Linea"
        homeTo={lineLog}
      />
      <section className="chat-panel" aria-label="Chat" aria-busy={state ? isBusy(state) : true}>
        {state && step ? (
          <>
            <p className="chat-progress">
              Passo {step.current} di {step.total} · {STEP_LABELS[state.step]}
            </p>
            <ChatTranscript messages={state.messages} typing={state.pending.length > 0 || state.sending} />
            <ChatInputPanel state={state} dispatch={dispatch} optionsFailed={optionsFailed} onRetryOptions={retryOptions} onConfirm={confirm} day={params.day} />
          </>
        ) : (
          <p className="chat-loading">Caricamento…</p>
        )}
      </section>
    </div>
  );
}
