import { Link, useParams, useSearchParams } from 'react-router-dom';
import { checkInFlagText } from '@web/components/attendance/check-in-flags';
import { Loaded } from '@web/components/ui/loaded';
import { QrCode } from '@web/components/ui/qr-code';
import { Page } from '@web/components/ui/page';
import { toast } from '@web/lib/toast';
import { useApi } from '@web/lib/use-api';
import { useWrite } from '@web/lib/use-write';
import { LateCheckIns } from './late-check-ins';
import './check-in.css';

/** How often the classroom screen asks for the code and who is in. */
export const SCREEN_REFRESH_MS = 2000;

/**
 * /checkin/:id (docs/product.md §2.18): the classroom screen of an open check-in, for the projector: the code,
 * read again every 2 s and as it changes; how many are in and who; Close. 'Mark from check-in' goes back to the
 * class's form (`back`), which starts from who checked in; once the class is marked, late check-ins are proposed
 * as corrections here.
 */
export function CheckInScreen() {
  const id = useParams().id ?? '';
  const back = safeBack(useSearchParams()[0].get('back'));
  const write = useWrite();
  const read = useApi(
    'GET /checkin/{id}',
    { params: { id } },
    { refreshInterval: (data) => (data?.open ? Math.min(SCREEN_REFRESH_MS, Math.max(200, data.changesInMs ?? SCREEN_REFRESH_MS)) : 0) },
  );
  async function close() {
    try {
      await write('POST /checkin/{id}/close', { params: { id } });
      await read.mutate();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not close check-in');
    }
  }
  const markFrom = back && `${back}${back.includes('?') ? '&' : '?'}checkin=${encodeURIComponent(id)}`;
  return (
    <Page title="Check in">
      <Loaded list={{ ...read, data: read.data && [read.data] }} empty="Check-in not found">
        {([shown]) => (
          <section className="check-in-screen" aria-label="Check-in">
            {shown!.open ? (
              <>
                <p className="check-in-lead">Scan with your phone&apos;s camera, or open SAMS, choose Check in and type:</p>
                <div className="check-in-codes">
                  <QrCode text={checkInLink(shown!.code!)} label="QR code to check in" />
                  <p className="check-in-big-code" aria-label={`Code ${shown!.code?.split('').join(' ')}`}>
                    {shown!.code}
                  </p>
                </div>
              </>
            ) : (
              <p className="check-in-lead">Check-in is closed.</p>
            )}
            <p className="check-in-count" role="status">
              {shown!.checkedIn.length} checked in
            </p>
            <ul className="check-in-names" aria-label="Checked in">
              {shown!.checkedIn.map((one) => (
                <li key={one._id}>
                  {one.enrollment} {one.name}
                  {one.late && ' · late'}
                  {one.flags.length > 0 && <span className="check-in-flag"> · {checkInFlagText(one.flags)}</span>}
                </li>
              ))}
            </ul>
            <LateCheckIns shown={shown!} onAccepted={() => read.mutate()} />
            <div className="check-in-actions">
              {shown!.open && (
                <button type="button" className="button button-secondary" onClick={() => void close()}>
                  Close check-in
                </button>
              )}
              {markFrom && (
                <Link className="button" to={markFrom}>
                  Mark from check-in
                </Link>
              )}
            </div>
          </section>
        )}
      </Loaded>
    </Page>
  );
}

/** What the QR code holds: the student's Check in page with the code, which checks in at once (signed in already). */
const checkInLink = (code: string): string => `${window.location.origin}/me/checkin?code=${encodeURIComponent(code)}`;

/** Only a path of this app (never another site) is gone back to. */
const safeBack = (back: string | null): string | null => (back && back.startsWith('/') && !back.startsWith('//') ? back : null);
