// The screen lands with its feature.
export default function Page() {
  return null;
}
