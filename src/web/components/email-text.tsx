/**
 * An e-mail address that wraps before its domain in a narrow column, and mid-word only if it must;
 * always left to right, also inside a right-to-left (Dhivehi) page.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0)
    return (
      <bdi dir="ltr" className="[overflow-wrap:anywhere]">
        {email}
      </bdi>
    );
  return (
    <bdi dir="ltr" className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </bdi>
  );
}
