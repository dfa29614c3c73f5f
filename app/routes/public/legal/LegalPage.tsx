// The privacy policy's and the terms of use's shared look: a readable column of headed sections, and the
// paragraph that says how to reach the operator.
import type { ReactNode } from "react";
import { CONTACT_NOT_CONFIGURED } from "~/domain/pages/legal";

export function LegalPage({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <article className="legal-page">
        <h1>{title}</h1>
        <p className="legal-intro">{intro}</p>
        {children}
      </article>
    </main>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The operator's address (CONTACT_EMAIL), or the sentence saying there is none yet. */
export function ContactOperator({ email }: { email: string | null }) {
  return (
    <Section title="Contact">
      {email ? (
        <p data-contact>
          Questions about this site or your data: write to the operator at <a href={`mailto:${email}`}>{email}</a>.
        </p>
      ) : (
        <p data-contact>{CONTACT_NOT_CONFIGURED}</p>
      )}
    </Section>
  );
}

/** A link to another site, opened in a new tab. */
export function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}
