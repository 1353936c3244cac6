import { Link } from 'react-router-dom';
import { Page } from '@web/components/ui/page';
import { useApi } from '@web/lib/use-api';

/** Until an admin sets the college's privacy contact (Settings). */
export const NO_CONTACT = 'the college office';

/**
 * /privacy (docs/product.md §2.20): what SAMS keeps about students, guardians and staff, why, who sees it, how long,
 * and whom to ask (the college's privacy contact, a setting). For anyone, signed in or not.
 */
export function PrivacyPage() {
  const notice = useApi('GET /privacy', {}).data;
  const college = notice?.collegeName || 'Your college';
  const contact = notice?.privacyContact || NO_CONTACT;
  return (
    <Page title="Privacy notice" size="narrow" lead={<p>{college} keeps attendance with SAMS. This is what it holds, and why.</p>}>
      <section className="card" aria-labelledby="privacy-held">
        <h2 id="privacy-held">What SAMS keeps</h2>
        <ul>
          <li>Students: name, enrollment, email, division and batch, and their guardians&apos; names and contacts.</li>
          <li>Attendance: each class marked, each correction with its reason, leave applications and their attachments, check-ins.</li>
          <li>Accounts: email, role, sign-ins (when, from which browser and address), and the emails SAMS sent.</li>
          <li>An audit trail: who changed what, and who looked at a student&apos;s data, kept 400 days.</li>
        </ul>
      </section>
      <section className="card" aria-labelledby="privacy-why">
        <h2 id="privacy-why">Why, and who sees it</h2>
        <p>
          To record attendance and tell students and guardians where they stand: the college&apos;s educational purpose. A student sees
          their own record; a guardian sees the children linked to them; faculty see the classes they teach; admins keep the college&apos;s
          records. Guardians are told by email when the college invites them to SAMS.
        </p>
      </section>
      <section className="card" aria-labelledby="privacy-ask">
        <h2 id="privacy-ask">Your data, on request</h2>
        <p>
          You may ask to see what SAMS holds about you, to have it corrected, or erased once the college no longer needs it. Ask{' '}
          <strong className="privacy-contact">{contact}</strong>.
        </p>
        <p>
          Students and guardians can also ask for a copy from their Home page (&lsquo;Ask for your data&rsquo;): once the college has
          prepared it, it is there to download for 30 days, as a PDF or as JSON.
        </p>
      </section>
      <p>
        <Link to="/">Back to SAMS</Link>
      </p>
    </Page>
  );
}
