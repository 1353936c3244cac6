import { Notice } from '../../../components/ui/notice';
import { Page } from '../../../components/ui/page';

/** An admin management screen (spec §2.5–2.8) before its issue builds it: its title and a note. */
export function AdminPlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Notice>The {title} screen is coming soon.</Notice>
    </Page>
  );
}
