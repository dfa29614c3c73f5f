import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactOperator } from "./LegalPage";

describe("how to reach the operator (/privacy and /terms)", () => {
  it("links the operator's address when CONTACT_EMAIL is set", () => {
    const html = renderToStaticMarkup(<ContactOperator email="privacy@example.com" />);
    expect(html).toContain('<a href="mailto:privacy@example.com">privacy@example.com</a>');
  });

  it("says it is not configured when CONTACT_EMAIL is unset", () => {
    const html = renderToStaticMarkup(<ContactOperator email={null} />);
    expect(html).toContain("How to reach the operator of this site is not configured yet.");
    expect(html).not.toContain("mailto:");
  });
});
