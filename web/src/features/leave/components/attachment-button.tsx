import { useState } from 'react';
import { callRoute, errorMessage } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';

/**
 * View attachment: asks for a short-lived link to the file, then opens it in a new tab. The tab is opened
 * on the tap itself (a browser blocks one opened later), and shown the file once the link has come.
 */
export function AttachmentButton({ id, name }: { id: string; name: string }) {
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<string | null>(null);

  async function view() {
    setBusy(true);
    const tab = window.open('', '_blank');
    try {
      const { data } = await callRoute('GET /leave/{id}/attachment', { params: { id } });
      if (tab) {
        tab.opener = null;
        tab.location.href = data.url;
      } else {
        // The browser kept the tab from opening: a link to tap instead.
        setLink(data.url);
      }
    } catch (failure) {
      tab?.close();
      toast.error(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="leave-attachment">
      {name}{' '}
      <button type="button" className="button button-secondary" aria-busy={busy || undefined} onClick={() => !busy && void view()}>
        View attachment
      </button>
      {link && (
        <a href={link} target="_blank" rel="noopener noreferrer">
          Open {name}
        </a>
      )}
    </span>
  );
}
