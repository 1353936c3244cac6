import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CHECK_IN_MESSAGES } from '@shared/schemas/check-in';
import { Field } from '@web/components/ui/field';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import { ApiError, callRoute } from '@web/lib/api-client';
import { deviceKey } from '@web/lib/device-key';
import { CameraScan } from './camera-scan';
import './check-in.css';

type Outcome = { ok: true; text: string } | { ok: false; text: string };

/**
 * /me/checkin (docs/product.md §2.18): a student scans the classroom screen's QR code with the camera here, or
 * types the code it shows; the phone's own camera app opens this page with the code, which checks in at once. The answer says
 * what happened: checked in (and to which course), already in, or why not. Never a success the server did not give.
 */
export function CheckInPage() {
  const [search, setSearch] = useSearchParams();
  const scanned = search.get('code');
  const [code, setCode] = useState(scanned ?? '');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const resultId = useId();
  async function send(typed: string) {
    setSending(true);
    try {
      const answer = await callRoute('POST /checkin/student', { body: { code: typed, deviceKey: deviceKey() } });
      setOutcome({ ok: true, text: `${answer.message}${answer.data?.course ? ` (${answer.data.course})` : ''}` });
      setCode('');
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ApiError ? error.message : 'Could not check in: try again' });
    } finally {
      setSending(false);
    }
  }

  // Opened from the classroom screen's QR code: checked in at once, while the code is on the screen. The code
  // leaves the address, so a reload sends nothing again.
  const sentScanned = useRef(false);
  useEffect(() => {
    if (!scanned || sentScanned.current) return;
    sentScanned.current = true;
    setSearch({}, { replace: true });
    void send(scanned);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the code the page was opened with
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    if (!code.trim()) return setOutcome({ ok: false, text: CHECK_IN_MESSAGES.code });
    await send(code);
  }

  return (
    <Page title="Check in">
      <CameraScan disabled={sending} onCode={(scannedCode) => void send(scannedCode)} />
      <form
        className="card check-in-form"
        onSubmit={(event) => void submit(event)}
        aria-describedby={outcome ? resultId : undefined}
        noValidate
      >
        <Field
          label="Code on the screen"
          hint="Six letters and digits, as the classroom screen shows them now."
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          className="check-in-code"
        />
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Checking in…' : 'Check in'}
        </button>
      </form>
      {outcome && (
        <div id={resultId}>
          <Notice kind={outcome.ok ? 'info' : 'error'}>{outcome.text}</Notice>
        </div>
      )}
      <p>
        <Link to="/me">Back to my attendance</Link>
      </p>
    </Page>
  );
}
