/**
 * DBR constants editor ('Edit DBR Constants', /DBRConstantsForm; foundations §2): the admin picks
 * a department and a line and edits that line's constants.
 */
import { DbrConstantsEditor } from '../../features/dbrConstants/index.js';
import '../../styles/pages-admin.css';

/** The page heading and the editor. */
export function DBRConstantsFormPage() {
  return (
    <div className="page dbr-page">
      <h1 className="page-title">Edit DBR Constants</h1>
      <DbrConstantsEditor />
    </div>
  );
}
