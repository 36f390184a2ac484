/**
 * 'AGGIUNGI STOP PIANIFICATO' and 'AGGIUNGI STOP NON PIANIFICATO' (line log §2.1): links to the
 * two chatbots carrying the log's day, shift and line (`?day=&shift_code=&line_id=`).
 */
import { Link } from 'react-router-dom';
import { stopChatHref, type LineLogSelection } from '../model/selection.js';
import { TEXTS } from './texts.js';

/** The two buttons, side by side (stacked on a phone). */
export function AddStopButtons({ selection }: { selection: LineLogSelection }) {
  return (
    <div className="line-log-add-stops">
      <Link className="button button-secondary add-stop" to={stopChatHref('planned', selection)}>
        {TEXTS.addPlanned}
      </Link>
      <Link className="button button-primary add-stop" to={stopChatHref('unplanned', selection)}>
        {TEXTS.addUnplanned}
      </Link>
    </div>
  );
}
