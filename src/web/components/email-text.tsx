/** An e-mail address that wraps before its domain in a narrow column, and mid-word only if it must. */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at <= 0) return <span className="[overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
