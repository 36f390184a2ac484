/**
 * The conversation shared by the stop chats and the assistants: bot messages on the left, the
 * user's answers on the right, optional details inside a bot bubble (the stop summary, an
 * activity or setting card with its picture), and the typing dots while the bot "writes" (line
 * log §4.4, §4.8). It keeps itself scrolled to the newest message.
 */
import { useEffect, useRef } from 'react';
import { CHAT_LABELS_IT, type ChatLabels } from './labels.js';

/** A label/value line of a bubble's details. */
export interface ChatDetailRow {
  label: string;
  value: string;
}

/** A card inside a bot bubble: an optional title, rows and a picture. */
export interface ChatCard {
  title?: string;
  rows: readonly ChatDetailRow[];
  image?: { src: string; alt: string };
}

/** What a bubble shows; each chat's own message type fits this shape. */
export interface ChatBubbleMessage {
  id: number;
  from: 'bot' | 'user';
  text: string;
  /** 'attempt' is a typed answer the bot did not take (dashed); the role also lands in `data-role`. */
  role?: string;
  /** Lands in `data-step`, for tests and styles. */
  step?: string;
  tone?: 'error' | 'success';
  /** Label/value rows after the text (the stop chats' summary). */
  summary?: readonly ChatDetailRow[];
  /** A card after the text, and a last line after the card (the question that follows it). */
  card?: ChatCard;
  followUp?: string;
}

/** Props: the shown messages, whether the bot is typing, and the words to use. */
export interface ChatTranscriptProps {
  messages: readonly ChatBubbleMessage[];
  typing: boolean;
  labels?: ChatLabels;
}

function bubbleClass(m: ChatBubbleMessage): string {
  const classes = ['chat-bubble', m.from === 'bot' ? 'chat-bubble-bot' : 'chat-bubble-user'];
  if (m.tone) classes.push(`chat-bubble-${m.tone}`);
  if (m.role === 'attempt') classes.push('chat-bubble-attempt');
  return classes.join(' ');
}

function DetailRows({ rows }: { rows: readonly ChatDetailRow[] }) {
  return (
    <dl className="chat-summary">
      {rows.map((row) => (
        <div key={row.label} className="chat-summary-row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Card({ card }: { card: ChatCard }) {
  return (
    <div className="chat-card">
      {card.title && <p className="chat-card-title">{card.title}</p>}
      <DetailRows rows={card.rows} />
      {card.image && <img className="chat-card-image" src={card.image.src} alt={card.image.alt} width={320} height={200} />}
    </div>
  );
}

/** One bubble; a bot error or success is announced (alert / status). */
function Bubble({ message, labels }: { message: ChatBubbleMessage; labels: ChatLabels }) {
  const live = message.tone === 'error' ? 'alert' : message.tone === 'success' ? 'status' : undefined;
  return (
    <li className={`chat-row chat-row-${message.from}`} data-role={message.role} data-step={message.step}>
      <div className={bubbleClass(message)} role={live}>
        <span className="visually-hidden">{message.from === 'bot' ? labels.bot : labels.you}</span>
        <p className="chat-text">{message.text}</p>
        {message.summary && <DetailRows rows={message.summary} />}
        {message.card && <Card card={message.card} />}
        {message.followUp && <p className="chat-text chat-text-follow">{message.followUp}</p>}
      </div>
    </li>
  );
}

/** The scrolling message list. */
export function ChatTranscript({ messages, typing, labels = CHAT_LABELS_IT }: ChatTranscriptProps) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, typing]);
  // The input area below grows and shrinks with the step (chips, forms, the keyboard): stay at the newest message.
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
    // Focusable, so the conversation scrolls from the keyboard too (arrows, Page Up/Down).
    <div className="chat-log" ref={listRef} role="log" aria-label={labels.log} aria-live="polite" tabIndex={0}>
      <ol className="chat-messages">
        {messages.map((m) => (
          <Bubble key={m.id} message={m} labels={labels} />
        ))}
        {typing && (
          <li className="chat-row chat-row-bot">
            <div className="chat-bubble chat-bubble-bot chat-typing" role="status" aria-label={labels.typing}>
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
