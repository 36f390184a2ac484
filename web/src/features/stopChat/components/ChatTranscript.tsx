/**
 * The conversation: bot messages on the left, the user's answers on the right, the confirm step's
 * summary inside its bubble, and the typing dots while the bot "writes" (line log §4.4). It keeps
 * itself scrolled to the newest message.
 */
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../chatState.js';

/** Props: the shown messages and whether the bot is typing. */
export interface ChatTranscriptProps {
  messages: readonly ChatMessage[];
  typing: boolean;
}

function bubbleClass(m: ChatMessage): string {
  const classes = ['chat-bubble', m.from === 'bot' ? 'chat-bubble-bot' : 'chat-bubble-user'];
  if (m.tone) classes.push(`chat-bubble-${m.tone}`);
  if (m.role === 'attempt') classes.push('chat-bubble-attempt');
  return classes.join(' ');
}

/** One bubble; a bot error or success is announced (alert / status). */
function Bubble({ message }: { message: ChatMessage }) {
  const live = message.tone === 'error' ? 'alert' : message.tone === 'success' ? 'status' : undefined;
  return (
    <li className={`chat-row chat-row-${message.from}`} data-role={message.role} data-step={message.step}>
      <div className={bubbleClass(message)} role={live}>
        <span className="visually-hidden">{message.from === 'bot' ? 'Bot: ' : 'Tu: '}</span>
        <p className="chat-text">{message.text}</p>
        {message.summary && (
          <dl className="chat-summary">
            {message.summary.map((row) => (
              <div key={row.label} className="chat-summary-row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}

/** The scrolling message list. */
export function ChatTranscript({ messages, typing }: ChatTranscriptProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, typing]);
  // The input area below grows and shrinks with the step (chips, times form): stay at the newest message.
  useEffect(() => {
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="chat-log" ref={listRef} role="log" aria-label="Conversazione" aria-live="polite">
      <ol className="chat-messages">
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        {typing && (
          <li className="chat-row chat-row-bot">
            <div className="chat-bubble chat-bubble-bot chat-typing" role="status" aria-label="Il bot sta scrivendo">
              <span className="chat-dot" />
              <span className="chat-dot" />
              <span className="chat-dot" />
            </div>
          </li>
        )}
      </ol>
    </div>
  );
}
