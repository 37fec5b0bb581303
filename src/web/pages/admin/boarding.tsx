// Placeholder until the screen lands.
export default function Page() {
  return null;
}
