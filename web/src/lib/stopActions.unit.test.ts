/**
 * The server's history and every web screen that names a stop action take the label from the one
 * table (domain/stops/actions.ts, its texts checked there): each is driven through its own function
 * with one action ticked at a time, then all four, and must show the table's label in its order.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { actionsText as historyText } from '../../../domain/history/entries.js';
import { actionsText as lineLogText } from '../features/lineLog/model/stopActions.js';
import { actionLabels, actionsText as rootCauseText } from '../features/rootCause/model/stopFormat.js';
import { ActionsStepInput } from '../features/stopChat/components/ActionsStepInput.js';
import { actionsText as chatText, emptyDraft, type StopActions } from '../features/stopChat/model/draft.js';
import { summaryRows } from '../features/stopChat/model/payload.js';
import { STOP_ACTIONS, type StopAction } from './stopActions.js';

/** One stop's four flags in each shape the code names them, ticked where `ticked` says. */
function flags(ticked: (a: StopAction) => boolean) {
  const by = <K extends 'key' | 'field' | 'event'>(name: K) => Object.fromEntries(STOP_ACTIONS.map((a) => [a[name], ticked(a)])) as Record<StopAction[K], boolean>;
  return { chat: by('key') as StopActions, row: by('field'), event: by('event') };
}

/** What each place shows for the same ticked actions. */
function shown(ticked: (a: StopAction) => boolean): Record<string, string | null | undefined> {
  const f = flags(ticked);
  const draft = { ...emptyDraft(), actions: f.chat };
  return {
    history: historyText(f.event),
    lineLog: lineLogText(f.row),
    rootCause: rootCauseText(f.row),
    rootCauseList: actionLabels(f.row).join(', '),
    chat: chatText(f.chat),
    chatSummary: summaryRows('unplanned', draft).find((r) => r.label === 'Azioni')?.value,
  };
}

const everywhere = (text: string) => ({ history: text, lineLog: text, rootCause: text, rootCauseList: text, chat: text, chatSummary: text });

describe('the stop-action labels on the server and in the web app', () => {
  it.each(STOP_ACTIONS.map((a) => [a.key, a.label]))('%s reads as the table says everywhere', (key, label) => {
    expect(shown((a) => a.key === key)).toEqual(everywhere(label));
  });

  it('lists all four in the table order everywhere', () => {
    expect(shown(() => true)).toEqual(everywhere(STOP_ACTIONS.map((a) => a.label).join(', ')));
  });

  it("labels the chatbot's four checkboxes with the table's texts, in its order", () => {
    const html = renderToStaticMarkup(createElement(ActionsStepInput, { actions: flags(() => false).chat, onChange: () => {}, onSubmit: () => {} }));
    const labels = [...html.matchAll(/<span>([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(labels).toEqual(STOP_ACTIONS.map((a) => a.label));
  });
});
