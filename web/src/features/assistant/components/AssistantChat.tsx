/**
 * One page for the three assistants in both languages (line log §2.7, §4.5–§4.8): title, Back
 * ('Indietro' / 'Back') and the line-log button, the conversation with typing dots, and the open
 * step's chips plus the free-text box (250 characters). The routes only pass a script.
 */
import { useRef } from 'react';
import { ChatChips } from '../../../components/chat/ChatChips.js';
import { ChatComposer } from '../../../components/chat/ChatComposer.js';
import { ChatHeader } from '../../../components/chat/ChatHeader.js';
import { ChatTranscript } from '../../../components/chat/ChatTranscript.js';
import { useVisibleHeight } from '../../../components/chat/useVisibleHeight.js';
import { canGoBack, currentChips, isBusy, TEXT_LIMIT, type Script } from '../model/engine.js';
import { LINE_LOG_PATH } from '../model/scripts/common.js';
import { COMMON } from '../model/scripts/texts.js';
import { ASSISTANT_UI } from './ui.js';
import { useAssistant } from './useAssistant.js';
import '../../../styles/chat.css';
import '../../../styles/assistant.css';

/** Props: the page title and the script (built once per route, outside render). */
export interface AssistantChatProps<C> {
  title: string;
  script: Script<C>;
  /** 'cil' | 'centerline' | 'loss', for styles and tests. */
  kind: string;
}

/** The assistant screen. */
export function AssistantChat<C>({ title, script, kind }: AssistantChatProps<C>) {
  const [state, dispatch] = useAssistant(script);
  const pageRef = useRef<HTMLDivElement>(null);
  useVisibleHeight(pageRef);
  const ui = ASSISTANT_UI[script.lang];
  const busy = isBusy(state);

  return (
    <div className="page chat-page assistant-chat" data-kind={kind} lang={script.lang} ref={pageRef}>
      <ChatHeader
        title={title}
        backLabel={ui.chat.back}
        backDisabled={!canGoBack(state)}
        onBack={() => dispatch({ type: 'back' })}
        homeLabel={COMMON[script.lang].lineLog}
        homeTo={LINE_LOG_PATH}
      />
      <section className="chat-panel" aria-label="Chat" aria-busy={busy}>
        <ChatTranscript messages={state.messages} typing={state.pending.length > 0} labels={ui.chat} />
        <div className="chat-input" data-step={state.step}>
          {busy ? (
            <ChatComposer key="busy" limit={TEXT_LIMIT} placeholder={state.leaveTo ? ui.leaving : ui.typing} disabled labels={ui.chat} onSend={() => undefined} />
          ) : (
            <div className="chat-input-select">
              <ChatChips chips={currentChips(script, state)} ariaLabel={ui.options} onChoose={(chip) => dispatch({ type: 'choose', key: chip.key })} />
              <ChatComposer
                key={state.step}
                limit={TEXT_LIMIT}
                placeholder={ui.placeholder}
                error={state.inputError}
                labels={ui.chat}
                onSend={(text) => dispatch({ type: 'send', text })}
              />
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
